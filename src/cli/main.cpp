// berthctl: the headless command line over berth_core and berth_io.

#include <algorithm>
#include <iostream>
#include <stdexcept>
#include <string>

#include "cli/capacity_command.h"
#include "cli/generate.h"
#include "cli/options.h"
#include "cli/run_command.h"

using namespace berth;

int main(int argc, char** argv) {
    if (argc >= 2 && std::string(argv[1]) == "generate") {
        cli::GenerateOptions g;
        for (int i = 2; i < argc; ++i) {
            const std::string a = argv[i];
            auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : std::string(); };
            try {
                if (a == "--nodes")
                    g.nodes = std::stoi(next());
                else if (a == "--pods")
                    g.pods = std::stoi(next());
                else if (a == "--zones")
                    g.zones = std::max(1, std::stoi(next()));
                else if (a == "--replicasets" || a == "--workloads")
                    g.replicaSets = std::max(1, std::stoi(next()));
                else if (a == "--interleave")
                    g.interleave = true;
                else if (a == "--bound")
                    g.bound = std::max(0, std::stoi(next()));
                else if (a == "--variant")
                    g.variant = next();
                else if (a == "-o") {
                    const std::string format = next();
                    if (format != "yaml" && format != "json") throw std::invalid_argument(format);
                    g.json = format == "json";
                } else
                    throw std::invalid_argument(a);
            } catch (const std::exception&) {
                std::cerr << "berthctl generate: bad argument \"" << a << "\"\n"
                          << "usage: berthctl generate [--nodes N] [--pods N] [--zones N] [--workloads N] "
                             "[--interleave] [--bound N] [--variant basic|anti-affinity|spread|mixed] [-o yaml|json]\n";
                return 2;
            }
        }
        if (!cli::knownVariant(g.variant)) {
            std::cerr << "berthctl generate: --variant must be basic, anti-affinity, spread or mixed\n";
            return 2;
        }
        cli::generateCluster(g, std::cout);
        return 0;
    }
    cli::Options opt;
    const std::string err = cli::parseOptions(argc, argv, opt);
    if (!err.empty()) {
        std::cerr << "berthctl: " << err << "\n\n" << cli::usageText();
        return 2;
    }
    if (opt.command == "help") {
        std::cout << cli::usageText();
        return 0;
    }
    if (opt.command == "version") {
        std::cout << cli::versionText();
        return 0;
    }
    try {
        if (opt.command == "capacity") return cli::runCapacity(opt);
        return cli::runSchedule(opt);
    } catch (const std::exception& e) {
        std::cerr << "berthctl: internal error: " << e.what() << "\n";
        return 4;  // not 3: that one tells a CI job that pods stayed pending (--fail-on-pending)
    }
}
