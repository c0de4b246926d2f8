// The `extenders:` section of a KubeSchedulerConfiguration (io/extender_config_reader.h): every
// field read into core::ExtenderConfig, the defaults (5 s timeout, pkg/scheduler/extender.go),
// validateExtenders' errors with file and line, Go durations and base64 as upstream decodes
// them, and the section kept when the configuration panel writes the configuration back.

#include <QtTest/QtTest>
#include <string>
#include <variant>

#include "io/base64.h"
#include "io/go_duration.h"
#include "io/manifest_loader.h"
#include "io/scheduler_config_writer.h"

using namespace berth;

namespace {

const std::string kHead = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

// Every field of config/v1 Extender, twice (the second with the defaults).
const std::string kFull = kHead + R"(extenders:
- urlPrefix: http://127.0.0.1:8888/scheduler
  filterVerb: filter
  prioritizeVerb: prioritize
  preemptVerb: preempt
  bindVerb: bind
  weight: 3
  enableHTTPS: true
  tlsConfig:
    insecure: true
    serverName: gpu.example.com
    certFile: /etc/c.pem
    keyFile: /etc/k.pem
    caFile: /etc/ca.pem
    certData: aGVsbG8=
    keyData: a2V5
    caData: Y2E=
  httpTimeout: 1m30s
  nodeCacheCapable: true
  managedResources:
  - name: example.com/gpu
    ignoredByScheduler: true
  - name: example.com/gpu-mem
  ignorable: true
- urlPrefix: http://127.0.0.1:9999
  filterVerb: filter
)";

std::optional<core::SchedulerConfiguration> read(const std::string& text, io::Diagnostics& diags) {
    return io::loadSchedulerConfigText(text, "cfg.yaml", diags);
}

}  // namespace

class TestExtenderConfig : public QObject {
    Q_OBJECT
private slots:
    void everyField();
    void timeouts_data();
    void timeouts();
    void badExtenders_data();
    void badExtenders();
    void goDurations_data();
    void goDurations();
    void base64_data();
    void base64();
    void panelKeepsExtenders();
};

void TestExtenderConfig::everyField() {
    io::Diagnostics diags;
    const auto config = read(kFull, diags);
    QVERIFY2(config.has_value(), diags.firstErrors(5).c_str());
    QCOMPARE(config->extenders.size(), std::size_t(2));
    const core::ExtenderConfig& e = config->extenders[0];
    QCOMPARE(e.urlPrefix, std::string("http://127.0.0.1:8888/scheduler"));
    QCOMPARE(e.filterVerb, std::string("filter"));
    QCOMPARE(e.prioritizeVerb, std::string("prioritize"));
    QCOMPARE(e.preemptVerb, std::string("preempt"));
    QCOMPARE(e.bindVerb, std::string("bind"));
    QCOMPARE(e.weight, std::int64_t(3));
    QVERIFY(e.enableHTTPS);
    QVERIFY(e.tlsConfig.has_value());
    QVERIFY(e.tlsConfig->insecure);
    QCOMPARE(e.tlsConfig->serverName, std::string("gpu.example.com"));
    QCOMPARE(e.tlsConfig->certFile, std::string("/etc/c.pem"));
    QCOMPARE(e.tlsConfig->keyFile, std::string("/etc/k.pem"));
    QCOMPARE(e.tlsConfig->caFile, std::string("/etc/ca.pem"));
    // base64: aGVsbG8= is "hello", a2V5 "key", Y2E= "ca".
    QCOMPARE(e.tlsConfig->certData, std::string("hello"));
    QCOMPARE(e.tlsConfig->keyData, std::string("key"));
    QCOMPARE(e.tlsConfig->caData, std::string("ca"));
    QCOMPARE(e.httpTimeoutMillis, std::int64_t(90000));  // 1m30s = 60 s + 30 s
    QVERIFY(e.nodeCacheCapable);
    QCOMPARE(e.managedResources.size(), std::size_t(2));
    QCOMPARE(e.managedResources[0].name, std::string("example.com/gpu"));
    QVERIFY(e.managedResources[0].ignoredByScheduler);
    QCOMPARE(e.managedResources[1].name, std::string("example.com/gpu-mem"));
    QVERIFY(!e.managedResources[1].ignoredByScheduler);
    QVERIFY(e.ignorable);
    QCOMPARE(e.source.line, 4);  // the list item's first line

    const core::ExtenderConfig& d = config->extenders[1];
    QCOMPARE(d.urlPrefix, std::string("http://127.0.0.1:9999"));
    QCOMPARE(d.weight, std::int64_t(0));  // no default; only a prioritizer needs one
    QVERIFY(!d.enableHTTPS);
    QVERIFY(!d.tlsConfig.has_value());
    QCOMPARE(d.httpTimeoutMillis, std::int64_t(5000));  // DefaultExtenderTimeout
    QVERIFY(!d.nodeCacheCapable);
    QVERIFY(d.managedResources.empty());
    QVERIFY(!d.ignorable);
    QVERIFY(d.bindVerb.empty() && d.prioritizeVerb.empty() && d.preemptVerb.empty());
}

void TestExtenderConfig::timeouts_data() {
    QTest::addColumn<QString>("timeout");
    QTest::addColumn<qint64>("millis");
    // clang-format off
    QTest::newRow("seconds")     << "30s"   << qint64(30000);
    QTest::newRow("fraction")    << "1.5s"  << qint64(1500);
    QTest::newRow("millis")      << "250ms" << qint64(250);
    QTest::newRow("zero")        << "0s"    << qint64(5000);  // 0 means unset: the 5 s default
    QTest::newRow("bare zero")   << "0"     << qint64(5000);
    QTest::newRow("microsecond") << "1us"   << qint64(1);     // under 1 ms: the shortest we keep
    QTest::newRow("hours")       << "1h"    << qint64(3600000);
    // clang-format on
}

void TestExtenderConfig::timeouts() {
    QFETCH(QString, timeout);
    QFETCH(qint64, millis);
    io::Diagnostics diags;
    const auto config =
        read(kHead + "extenders:\n- urlPrefix: http://x\n  httpTimeout: \"" + timeout.toStdString() + "\"\n", diags);
    QVERIFY2(config.has_value(), diags.firstErrors(5).c_str());
    QCOMPARE(config->extenders.front().httpTimeoutMillis, std::int64_t(millis));
}

void TestExtenderConfig::badExtenders_data() {
    QTest::addColumn<QString>("body");  // after apiVersion and kind (lines 1-2)
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    // clang-format off
    // validateExtenders (apis/config/validation/validation.go), in upstream's words.
    QTest::newRow("prioritizer weight 0")
        << "extenders:\n- urlPrefix: http://x\n  prioritizeVerb: p\n  weight: 0\n"
        << 6 << "extenders[0].weight: Invalid value: 0: must have a positive weight applied to it";
    QTest::newRow("prioritizer without weight")  // no default: the item's line
        << "extenders:\n- urlPrefix: http://x\n  prioritizeVerb: p\n"
        << 4 << "extenders[0].weight: Invalid value: 0: must have a positive weight applied to it";
    QTest::newRow("negative weight")
        << "extenders:\n- {urlPrefix: http://x, prioritizeVerb: p, weight: -2}\n"
        << 4 << "extenders[0].weight: Invalid value: -2: must have a positive weight applied to it";
    QTest::newRow("two binders")
        << "extenders:\n- {urlPrefix: http://a, bindVerb: bind}\n- {urlPrefix: http://b, bindVerb: bind}\n"
        << 4 << "extenders: Invalid value: \"found 2 extenders implementing bind\": only one extender can "
                "implement bind";
    QTest::newRow("native resource")
        << "extenders:\n- urlPrefix: http://x\n  managedResources:\n  - name: cpu\n"
        << 6 << "extenders[0].managedResources[0].name: Invalid value: \"cpu\": is an invalid extended resource "
                "name";
    QTest::newRow("kubernetes.io resource")
        << "extenders:\n- urlPrefix: http://x\n  managedResources:\n  - name: kubernetes.io/gpu\n"
        << 6 << "is an invalid extended resource name";
    QTest::newRow("unqualified resource")
        << "extenders:\n- urlPrefix: http://x\n  managedResources:\n  - name: example.com/-gpu\n"
        << 6 << "managedResources[0].name: Invalid value: \"example.com/-gpu\": name part must consist of";
    // Names are unique across all extenders: the second extender's entry is the duplicate.
    QTest::newRow("duplicate resource")
        << "extenders:\n- urlPrefix: http://a\n  managedResources: [{name: example.com/gpu}]\n"
           "- urlPrefix: http://b\n  managedResources: [{name: example.com/gpu}]\n"
        << 7 << "extenders[1].managedResources[0].name: Invalid value: \"example.com/gpu\": duplicate extender "
                "managed resource name";
    // Strict decoding: unknown fields anywhere in the section.
    QTest::newRow("unknown field")
        << "extenders:\n- urlprefix: http://x\n"
        << 4 << "extenders[0]: unknown field \"urlprefix\"";
    QTest::newRow("unknown tls field")
        << "extenders:\n- urlPrefix: http://x\n  tlsConfig: {insecureSkipVerify: true}\n"
        << 5 << "extenders[0].tlsConfig: unknown field \"insecureSkipVerify\"";
    QTest::newRow("unknown resource field")
        << "extenders:\n- urlPrefix: http://x\n  managedResources: [{name: example.com/gpu, ignored: true}]\n"
        << 5 << "unknown field \"ignored\"";
    // metav1.Duration and []byte as Go decodes them.
    QTest::newRow("timeout without unit")
        << "extenders:\n- urlPrefix: http://x\n  httpTimeout: 30\n"
        << 5 << "extenders[0].httpTimeout: time: missing unit in duration \"30\"";
    QTest::newRow("timeout unknown unit")
        << "extenders:\n- urlPrefix: http://x\n  httpTimeout: 2d\n"
        << 5 << "time: unknown unit \"d\" in duration \"2d\"";
    QTest::newRow("bad base64")  // '!' is byte 3
        << "extenders:\n- urlPrefix: http://x\n  tlsConfig:\n    caData: abc!\n"
        << 6 << "extenders[0].tlsConfig.caData: illegal base64 data at input byte 3";
    QTest::newRow("weight not a number")
        << "extenders:\n- urlPrefix: http://x\n  weight: heavy\n"
        << 5 << "extenders[0].weight: expected an integer";
    QTest::newRow("extenders not a list")
        << "extenders: {urlPrefix: http://x}\n"
        << 3 << "extenders: expected a list";
    // clang-format on
}

void TestExtenderConfig::badExtenders() {
    QFETCH(QString, body);
    QFETCH(int, line);
    QFETCH(QString, message);
    io::Diagnostics diags;
    const auto config = read(kHead + body.toStdString(), diags);
    QVERIFY(!config.has_value());  // a configuration with errors is not used
    QVERIFY(diags.hasErrors());
    const io::Diagnostic& e = diags.items.front();
    QCOMPARE(e.file, std::string("cfg.yaml"));
    QCOMPARE(e.kind, std::string("KubeSchedulerConfiguration"));
    QCOMPARE(e.line, line);
    QVERIFY2(QString::fromStdString(e.message).contains(message), diags.firstErrors(5).c_str());
}

void TestExtenderConfig::goDurations_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ns");  // -1: an error
    QTest::addColumn<QString>("error");
    // clang-format off
    QTest::newRow("5s")          << "5s"              << qint64(5000000000)    << "";
    QTest::newRow("compound")    << "1h2m3s4ms5us6ns" << qint64(3723004005006) << "";  // 3600+120+3 s, 4 ms, 5 µs, 6 ns
    QTest::newRow("micro sign")  << "3\u00b5s"         << qint64(3000)          << "";
    QTest::newRow("fraction")    << "1.25m"           << qint64(75000000000)   << "";  // 1.25 × 60 s
    QTest::newRow("leading dot") << ".5s"             << qint64(500000000)     << "";
    QTest::newRow("trailing dot")<< "1.s"             << qint64(1000000000)    << "";
    QTest::newRow("negative")    << "-2ms"            << qint64(-2000000)      << "";
    QTest::newRow("zero")        << "0"               << qint64(0)             << "";
    QTest::newRow("empty")       << ""                << qint64(-1)            << "time: invalid duration \"\"";
    QTest::newRow("dot alone")   << ".s"              << qint64(-1)            << "time: invalid duration \".s\"";
    QTest::newRow("no unit")     << "10"              << qint64(-1)            << "time: missing unit in duration \"10\"";
    QTest::newRow("bad unit")    << "3w"              << qint64(-1)            << "time: unknown unit \"w\" in duration \"3w\"";
    QTest::newRow("overflow")    << "9999999999h"     << qint64(-1)            << "time: invalid duration \"9999999999h\"";
    // clang-format on
}

void TestExtenderConfig::goDurations() {
    QFETCH(QString, text);
    QFETCH(qint64, ns);
    QFETCH(QString, error);
    const auto parsed = io::detail::parseGoDuration(text.toStdString());
    if (error.isEmpty()) {
        QCOMPARE(parsed.index(), std::size_t(0));
        QCOMPARE(std::get<0>(parsed), std::int64_t(ns));
    } else {
        QCOMPARE(parsed.index(), std::size_t(1));
        QCOMPARE(QString::fromStdString(std::get<1>(parsed)), error);
    }
}

void TestExtenderConfig::base64_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("decoded");
    QTest::addColumn<QString>("error");
    // clang-format off
    QTest::newRow("two pads")    << "aGk="      << "hi"    << "";
    QTest::newRow("one pad")     << "aGV5"      << "hey"   << "";
    QTest::newRow("newlines")    << "aGVs\nbG8=" << "hello" << "";  // encoding/base64 skips \n
    QTest::newRow("empty")       << ""          << ""      << "";
    QTest::newRow("bad char")    << "aG!="      << ""      << "illegal base64 data at input byte 2";
    QTest::newRow("short")       << "aGk"       << ""      << "illegal base64 data at input byte 3";
    QTest::newRow("pad inside")  << "a===aGk="  << ""      << "illegal base64 data at input byte 1";
    // clang-format on
}

void TestExtenderConfig::base64() {
    QFETCH(QString, text);
    QFETCH(QString, decoded);
    QFETCH(QString, error);
    const auto r = io::detail::decodeBase64(text.toStdString());
    if (error.isEmpty()) {
        QCOMPARE(r.index(), std::size_t(0));
        QCOMPARE(QString::fromStdString(std::get<0>(r)), decoded);
    } else {
        QCOMPARE(r.index(), std::size_t(1));
        QCOMPARE(QString::fromStdString(std::get<1>(r)), error);
    }
}

void TestExtenderConfig::panelKeepsExtenders() {
    // The configuration panel writes its settings into the loaded text: the extenders it does
    // not show come back as they were read.
    io::SchedulerSettings settings;
    settings.strategy = core::ScoringStrategyType::MostAllocated;
    const std::string written = io::settingsToYaml(settings, kFull);
    io::Diagnostics before, after;
    const auto a = read(kFull, before);
    const auto b = read(written, after);
    QVERIFY2(b.has_value(), (after.firstErrors(5) + "\n" + written).c_str());
    QCOMPARE(b->extenders.size(), a->extenders.size());
    for (std::size_t i = 0; i < a->extenders.size(); ++i) {
        const core::ExtenderConfig& x = a->extenders[i];
        const core::ExtenderConfig& y = b->extenders[i];
        QCOMPARE(y.urlPrefix, x.urlPrefix);
        QCOMPARE(y.filterVerb, x.filterVerb);
        QCOMPARE(y.prioritizeVerb, x.prioritizeVerb);
        QCOMPARE(y.preemptVerb, x.preemptVerb);
        QCOMPARE(y.bindVerb, x.bindVerb);
        QCOMPARE(y.weight, x.weight);
        QCOMPARE(y.enableHTTPS, x.enableHTTPS);
        QCOMPARE(y.tlsConfig.has_value(), x.tlsConfig.has_value());
        if (x.tlsConfig) {
            QCOMPARE(y.tlsConfig->certData, x.tlsConfig->certData);
            QCOMPARE(y.tlsConfig->serverName, x.tlsConfig->serverName);
            QCOMPARE(y.tlsConfig->insecure, x.tlsConfig->insecure);
        }
        QCOMPARE(y.httpTimeoutMillis, x.httpTimeoutMillis);
        QCOMPARE(y.nodeCacheCapable, x.nodeCacheCapable);
        QCOMPARE(y.ignorable, x.ignorable);
        QCOMPARE(y.managedResources.size(), x.managedResources.size());
        for (std::size_t j = 0; j < x.managedResources.size(); ++j) {
            QCOMPARE(y.managedResources[j].name, x.managedResources[j].name);
            QCOMPARE(y.managedResources[j].ignoredByScheduler, x.managedResources[j].ignoredByScheduler);
        }
    }
    QCOMPARE(b->profiles.front().args.nodeResourcesFit.type, core::ScoringStrategyType::MostAllocated);
}

QTEST_GUILESS_MAIN(TestExtenderConfig)
#include "tst_extender_config.moc"
