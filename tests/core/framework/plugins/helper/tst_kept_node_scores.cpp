// KeptNodeScores, the per-position raw scores NodeResourcesFit, BalancedAllocation,
// TaintToleration and ImageLocality keep between cycles: a kept score is returned only for
// the same NodeInfo object, not updated in the snapshot since (its change log, read at
// begin()), and the same pod inputs (key); a new key, a changed node or a rebuilt node list
// computes afresh. Each key keeps its own scores
// (issue 19), so a key used again after another finds them (KeptPerQuery: the least recently
// used is evicted when all slots are taken). Whole runs with and without the kept scores are
// compared in tests/core/tst_fast_paths.cpp.

#include <QtTest/QtTest>

#include "core/framework/plugins/helper/kept_node_scores.h"
#include "core/framework/plugins/helper/kept_per_query.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

class TstKeptNodeScores : public QObject {
    Q_OBJECT

private slots:
    void reuseAndInvalidation();
    void leastRecentlyUsedIsEvicted();
};

void TstKeptNodeScores::reuseAndInvalidation() {
    TestCluster tc;
    tc.node("n1").capacity("cpu=4").add();
    tc.node("n2").capacity("cpu=4").add();
    tc.cache.updateSnapshot(tc.snapshot);
    const auto& nodes = tc.snapshot.nodes();
    QCOMPARE(nodes.size(), std::size_t(2));

    KeptNodeScores<int> kept;
    int computed = 0;
    const auto score = [&](std::size_t pos, std::int64_t value) {
        return kept.get(pos, *nodes[pos], [&] {
            ++computed;
            return value;
        });
    };

    kept.begin(7, tc.snapshot);
    QCOMPARE(score(0, 10), std::int64_t(10));
    QCOMPARE(score(1, 20), std::int64_t(20));
    QCOMPARE(computed, 2);

    // Same key, unchanged nodes: the kept values come back without computing.
    kept.begin(7, tc.snapshot);
    QCOMPARE(score(0, 99), std::int64_t(10));
    QCOMPARE(score(1, 99), std::int64_t(20));
    QCOMPARE(computed, 2);

    // A pod bound to n1 updates it in the snapshot (the change log): only that node is scored again.
    const Pod& p = tc.pod("p").requests("cpu=1").add();
    QCOMPARE(tc.cache.addPod(p, tc.sym("n1")), std::string());
    tc.cache.updateSnapshot(tc.snapshot);
    const std::size_t n1 = std::size_t(tc.snapshot.indexOf(tc.sym("n1")));
    const std::size_t other = 1 - n1;
    kept.begin(7, tc.snapshot);
    QCOMPARE(score(n1, 11), std::int64_t(11));
    QCOMPARE(score(other, 99), other == 0 ? std::int64_t(10) : std::int64_t(20));
    QCOMPARE(computed, 3);

    // Another key (another pod shape) has scores of its own.
    kept.begin(8, tc.snapshot);
    QCOMPARE(score(0, 30), std::int64_t(30));
    QCOMPARE(score(1, 40), std::int64_t(40));
    QCOMPARE(computed, 5);

    // Back to the first key (interleaved workloads): its scores are still valid.
    kept.begin(7, tc.snapshot);
    QCOMPARE(score(n1, 99), std::int64_t(11));
    QCOMPARE(score(other, 99), other == 0 ? std::int64_t(10) : std::int64_t(20));
    QCOMPARE(computed, 5);
    kept.begin(8, tc.snapshot);

    // A copy of a NodeInfo (as the nominated-pods pass makes) is never served a kept score.
    const NodeInfo copy = *nodes[0];
    QCOMPARE(kept.get(0, copy,
                      [&] {
                          ++computed;
                          return std::int64_t(50);
                      }),
             std::int64_t(50));
    QCOMPARE(computed, 6);

    // A new node rebuilds the list: every position is scored again.
    tc.node("n3").capacity("cpu=4").add();
    tc.cache.updateSnapshot(tc.snapshot);
    QCOMPARE(tc.snapshot.size(), std::size_t(3));
    kept.begin(8, tc.snapshot);
    for (std::size_t i = 0; i < 3; ++i) QCOMPARE(score(i, 60 + std::int64_t(i)), 60 + std::int64_t(i));
    QCOMPARE(computed, 9);
}

void TstKeptNodeScores::leastRecentlyUsedIsEvicted() {
    KeptPerQuery<int> kept(2);
    int made = 0;
    const auto find = [&](int query) {
        return kept.find([&](const int& v) { return v == query; },
                         [&] {
                             ++made;
                             return std::make_unique<int>(query);
                         });
    };
    QCOMPARE(find(1), 1);
    QCOMPARE(find(2), 2);
    QCOMPARE(find(1), 1);  // kept
    QCOMPARE(made, 2);
    QCOMPARE(find(3), 3);  // full: replaces 2, used longest ago
    QCOMPARE(made, 3);
    QCOMPARE(find(1), 1);
    QCOMPARE(made, 3);
    QCOMPARE(find(2), 2);  // made again, replacing 3
    QCOMPARE(made, 4);
    QCOMPARE(find(1), 1);
    QCOMPARE(made, 4);
}

QTEST_GUILESS_MAIN(TstKeptNodeScores)
#include "tst_kept_node_scores.moc"
