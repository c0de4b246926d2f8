#include "testlib/plugin_rows.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace berth::testlib {

namespace {

template <class Value>
QString byNodeName(std::vector<std::pair<std::string, Value>> rows) {
    std::sort(rows.begin(), rows.end());
    QStringList out;
    for (const auto& [name, v] : rows) {
        if constexpr (std::is_same_v<Value, QString>)
            out << QString::fromStdString(name) + "=" + v;
        else
            out << QString::fromStdString(name) + "=" + QString::number(v);
    }
    return out.join(' ');
}

}  // namespace

KubeVersion versionOf(const QString& v) {
    if (v.isEmpty()) return KubeVersion::newest();
    auto parsed = KubeVersion::parse(v.toStdString());
    if (!parsed) qFatal("bad version in test row: %s", qPrintable(v));
    return *parsed;
}

QString verdictCode(const Status& s) {
    switch (s.code()) {
        case Code::Success: return "ok";
        case Code::Unschedulable: return "U";
        case Code::UnschedulableAndUnresolvable: return "UU";
        default: return QString::fromLatin1(codeName(s.code()));
    }
}

QString filterAll(TestCluster& tc, const FilterPlugin& pl, const CycleState& state, const Pod& pod) {
    std::vector<std::pair<std::string, QString>> rows;
    for (const NodeInfo* ni : tc.snapshot.nodes())
        rows.emplace_back(ni->node()->name, verdictCode(pl.filter(state, pod, *ni)));
    return byNodeName(std::move(rows));
}

PluginScores scoreAll(TestCluster& tc, PreScorePlugin& pre, ScorePlugin& pl, CycleState& state, const Pod& pod,
                      const QStringList& feasible) {
    PluginScores out;
    std::vector<NodeInfo*> nodes;
    std::vector<NodeScore> scores;
    const auto& all = tc.snapshot.nodes();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (!feasible.isEmpty() && !feasible.contains(QString::fromStdString(all[i]->node()->name))) continue;
        nodes.push_back(all[i]);
        scores.push_back(NodeScore{static_cast<int>(i), 0});
    }
    out.preScore = pre.preScore(state, pod, nodes);
    if (!out.preScore.isSuccess()) return out;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!pl.score(state, pod, *nodes[i], scores[i].score).isSuccess()) qFatal("score failed");
    auto render = [&] {
        std::vector<std::pair<std::string, std::int64_t>> rows;
        for (const auto& ns : scores) rows.emplace_back(all[static_cast<std::size_t>(ns.node)]->node()->name, ns.score);
        return byNodeName(std::move(rows));
    };
    out.raw = render();
    if (!pl.normalizeScore(state, pod, scores).isSuccess()) qFatal("normalize failed");
    out.normalized = render();
    return out;
}

}  // namespace berth::testlib
