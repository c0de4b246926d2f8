#include "extender/http_extender.h"

#include <cstdio>
#include <unordered_map>

#include "extender/extender_json.h"
#include "extender/go_json.h"

namespace berth::extender {
namespace {

core::ExtenderError errorOf(std::string message) { return core::ExtenderError{std::move(message)}; }

/// The input nodes by name, as upstream's fromNodeName.
std::unordered_map<std::string_view, core::Sym> byName(std::span<const core::NodeInfo* const> nodes) {
    std::unordered_map<std::string_view, core::Sym> out;
    for (const core::NodeInfo* n : nodes) out.emplace(n->node()->name, n->node()->nameSym);
    return out;
}

std::map<core::Sym, std::string> knownNodes(const core::StringPool& pool, std::map<std::string, std::string>& in) {
    std::map<core::Sym, std::string> out;
    for (auto& [name, reason] : in)
        if (const core::Sym s = pool.find(name); s != core::kNoSym) out[s] = std::move(reason);
    return out;
}

std::string podKey(const core::StringPool& pool, const core::Pod& pod) {
    return std::string(pool.str(pod.ns)) + "/" + pod.name;
}

}  // namespace

std::string goQuote(std::string_view s) {
    std::string out = "\"";
    for (const char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

HttpExtender::HttpExtender(core::ExtenderConfig config, const core::StringPool& pool,
                           std::shared_ptr<Transport> transport)
    : m_config(std::move(config)), m_pool(pool), m_transport(std::move(transport)) {
    // config/v1 defaulting: a prioritizer's weight 0 means 1.
    if (!m_config.prioritizeVerb.empty() && m_config.weight == 0) m_config.weight = 1;
    for (const auto& r : m_config.managedResources) m_managed.insert(r.name);
}

bool HttpExtender::containersManaged(const std::vector<core::Container>& containers) const {
    for (const core::Container& c : containers) {
        if ((c.hasCpuRequest && m_managed.count("cpu")) || (c.hasMemoryRequest && m_managed.count("memory")) ||
            (c.hasEphemeralStorageRequest && m_managed.count("ephemeral-storage")))
            return true;
        for (const auto& s : c.requests.scalars)
            if (m_managed.count(m_pool.str(s.name))) return true;
    }
    return false;
}

bool HttpExtender::isInterested(const core::Pod& pod) const {
    // HTTPExtender.IsInterested: no managed resources, or a container or init container asks for one.
    return m_managed.empty() || containersManaged(pod.containers) || containersManaged(pod.initContainers);
}

std::optional<core::ExtenderError> HttpExtender::send(const std::string& verb, const core::Pod& pod, std::string body,
                                                      std::string& answer) {
    std::string url = m_config.urlPrefix;
    while (!url.empty() && url.back() == '/') url.pop_back();
    url += "/" + verb;
    PostResult r = m_transport->post(ExtenderCall{m_config.urlPrefix, verb, url, podKey(m_pool, pod), std::move(body)});
    if (!r.error.empty()) return errorOf(std::move(r.error));
    if (r.status != 200)
        return errorOf("failed " + verb + " with extender at URL " + url + ", code " + std::to_string(r.status));
    answer = std::move(r.body);
    return std::nullopt;
}

core::ExtenderFilterOutcome HttpExtender::filter(const core::Pod& pod, std::span<const core::NodeInfo* const> nodes) {
    core::ExtenderFilterOutcome out;
    if (!isFilter()) {
        for (const core::NodeInfo* n : nodes) out.feasible.push_back(n->node()->nameSym);
        return out;
    }
    std::string body;
    if ((out.error = send(m_config.filterVerb, pod, extenderArgsJson(m_pool, pod, nodes, m_config.nodeCacheCapable),
                          body)))
        return out;
    FilterAnswer answer;
    if (std::string e = decodeFilterAnswer(body, answer); !e.empty()) {
        out.error = errorOf(std::move(e));
        return out;
    }
    if (!answer.error.empty()) {
        out.error = errorOf(std::move(answer.error));
        return out;
    }
    const auto input = byName(nodes);
    const auto& names = m_config.nodeCacheCapable && answer.nodeNames ? answer.nodeNames : answer.nodes;
    for (const std::string& name : names.value_or(std::vector<std::string>{})) {
        const auto it = input.find(name);
        if (it == input.end()) {
            out.feasible.clear();
            out.error = errorOf("extender " + goQuote(m_config.urlPrefix) + " claims a filtered node " + goQuote(name) +
                                " which is not found in the input node list");
            return out;
        }
        out.feasible.push_back(it->second);
    }
    out.failed = knownNodes(m_pool, answer.failedNodes);
    out.failedAndUnresolvable = knownNodes(m_pool, answer.failedAndUnresolvableNodes);
    return out;
}

core::ExtenderPrioritizeOutcome HttpExtender::prioritize(const core::Pod& pod,
                                                         std::span<const core::NodeInfo* const> nodes) {
    core::ExtenderPrioritizeOutcome out;
    if (!isPrioritizer()) {
        for (const core::NodeInfo* n : nodes) out.scores.emplace_back(n->node()->nameSym, 0);
        out.weight = 0;
        return out;
    }
    out.weight = m_config.weight;
    std::string body;
    if ((out.error = send(m_config.prioritizeVerb, pod,
                          extenderArgsJson(m_pool, pod, nodes, m_config.nodeCacheCapable), body)))
        return out;
    std::vector<std::pair<std::string, std::int64_t>> list;
    if (std::string e = decodeHostPriorityList(body, list); !e.empty()) {
        out.error = errorOf(std::move(e));
        return out;
    }
    // prioritizeNodes adds each host's score by name; a host outside the input adds to nothing.
    const auto input = byName(nodes);
    for (const auto& [host, score] : list)
        if (const auto it = input.find(host); it != input.end()) out.scores.emplace_back(it->second, score);
    return out;
}

std::optional<core::ExtenderError> HttpExtender::bind(const core::Pod& pod, core::Sym node) {
    if (!isBinder()) return errorOf("unexpected empty bindVerb in extender");
    std::string body;
    if (auto e = send(m_config.bindVerb, pod, bindingArgsJson(m_pool, pod, node), body)) return e;
    std::string refused;
    if (std::string e = decodeBindingAnswer(body, refused); !e.empty()) return errorOf(std::move(e));
    if (!refused.empty()) return errorOf(std::move(refused));
    return std::nullopt;
}

core::ExtenderPreemptionOutcome HttpExtender::processPreemption(
    const core::Pod& pod, const std::map<core::Sym, core::ExtenderVictims>& nodeToVictims) {
    core::ExtenderPreemptionOutcome out;
    if (!supportsPreemption()) {
        out.error = errorOf("preempt verb is not defined for extender " + m_config.urlPrefix +
                            " but run into ProcessPreemption");
        return out;
    }
    std::string body;
    if ((out.error = send(m_config.preemptVerb, pod,
                          preemptionArgsJson(m_pool, pod, nodeToVictims, m_config.nodeCacheCapable), body)))
        return out;
    std::map<std::string, MetaVictimsAnswer> answer;
    if (std::string e = decodePreemptionAnswer(body, answer); !e.empty()) {
        out.error = errorOf(std::move(e));
        return out;
    }
    // convertToVictims: each node by name, each UID back to its pod.
    for (const auto& [name, meta] : answer) {
        const core::Sym sym = m_pool.find(name);
        const auto offered = sym == core::kNoSym ? nodeToVictims.end() : nodeToVictims.find(sym);
        if (offered == nodeToVictims.end()) {
            out = {};
            out.error = errorOf("nodeinfo not found for node name " + goQuote(name));
            return out;
        }
        core::ExtenderVictims victims;
        victims.numPDBViolations = meta.numPDBViolations;
        for (const std::string& uid : meta.podUIDs) {
            const core::Pod* found = nullptr;
            for (const core::Pod* p : offered->second.pods)
                if (p->uid == uid) found = p;
            if (!found) {
                out = {};
                out.error = errorOf("extender: " + m_config.urlPrefix + " claims to preempt pod (UID: &{" + uid +
                                    "}) on node: " + name + ", but the pod is not found on that node");
                return out;
            }
            victims.pods.push_back(found);
        }
        out.nodeToVictims[sym] = std::move(victims);
    }
    return out;
}

}  // namespace berth::extender
