// `berthctl generate`: each ReplicaSet's replicas must be the number of pods the file gives it
// (bound and pending), so that its controller neither scales them away nor adds more. Before
// session 9 every set said `replicas: 0`, and the first reconcile of a plan (a `capacity fit`
// scaling its template) deleted every generated pod as surplus. Every pod written must also
// load: bound pods on a node count that the number of sets does not divide used to repeat
// names, and the loader dropped the repeats.

#include <QtTest/QtTest>

#include <map>
#include <sstream>
#include <string>

#include "cli/generate.h"
#include "core/api/cluster.h"
#include "io/manifest_loader.h"
#include "plan/controllers/workloads.h"

using namespace berth;

class TestGenerate : public QObject {
    Q_OBJECT

private slots:
    void replicasCountTheSetsPods_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("pods");
        QTest::addColumn<int>("bound");
        QTest::addColumn<int>("workloads");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<bool>("interleave");
        // Hand check of "grouped": 25 pending pods over 10 sets, 3 a set (ceil 25 / 10): sets
        // 0..7 get 3, set 8 the last 1, set 9 none. 40 bound pods on 7 nodes: pod j is set
        // (j + j / 7) mod 10's: j 0..6 -> sets 0..6, 7..13 -> 2..8, 14..20 -> 4..9 and 0,
        // 21..27 -> 6..9 and 0..2, 28..34 -> 8, 9, 0..4, 35..39 -> 0..4: bound per set
        // 5 4 5 4 5 3 4 3 4 3, so replicas 8 7 8 7 8 6 7 6 5 3.
        QTest::newRow("grouped") << 7 << 25 << 40 << 0 << "basic" << false;
        QTest::newRow("interleaved") << 7 << 25 << 40 << 0 << "basic" << true;
        QTest::newRow("mixed") << 12 << 45 << 30 << 0 << "mixed" << false;
        QTest::newRow("pending only") << 0 << 33 << 500 << 4 << "basic" << false;
        QTest::newRow("bound only") << 9 << 0 << 50 << 3 << "spread" << false;
    }
    void replicasCountTheSetsPods() {
        QFETCH(int, nodes);
        QFETCH(int, pods);
        QFETCH(int, bound);
        QFETCH(int, workloads);
        QFETCH(QString, variant);
        QFETCH(bool, interleave);
        cli::GenerateOptions g;
        g.nodes = nodes;
        g.pods = pods;
        g.bound = bound;
        g.replicaSets = workloads;
        g.variant = variant.toStdString();
        g.interleave = interleave;
        for (const bool json : {false, true}) {
            g.json = json;
            std::ostringstream out;
            cli::generateCluster(g, out);
            core::Cluster cluster;
            io::LoadResult load;
            io::loadManifestText(out.str(), json ? "generated.json" : "generated.yaml", cluster, load, {});
            const std::size_t written = cluster.pods.size();
            QCOMPARE(written, static_cast<std::size_t>(pods + (nodes > 0 ? bound : 0)));

            std::map<std::string, int> owned;  // ReplicaSet name -> pods
            for (const core::Pod& p : cluster.pods) {
                const core::OwnerReference* ref = core::controllerOf(p);
                QVERIFY(ref && ref->kind == "ReplicaSet");
                ++owned[ref->name];
            }
            for (const core::Workload& w : cluster.workloads) QCOMPARE(w.replicas, owned[w.name]);
            if (QByteArray(QTest::currentDataTag()) == "grouped") {
                const int expected[10] = {8, 7, 8, 7, 8, 6, 7, 6, 5, 3};
                QCOMPARE(cluster.workloads.size(), std::size_t{10});
                for (int w = 0; w < 10; ++w) {
                    QCOMPARE(QString::fromStdString(cluster.workloads[static_cast<std::size_t>(w)].name),
                             QStringLiteral("rs-%1").arg(w));
                    QCOMPARE(cluster.workloads[static_cast<std::size_t>(w)].replicas, expected[w]);
                }
            }

            // The controllers find every set complete: nothing to delete, nothing to add.
            io::addImplicitNamespaces(cluster);
            const auto surplus = plan::expandWorkloads(cluster, 7, load.diagnostics);
            QVERIFY(surplus.empty());
            QCOMPARE(cluster.pods.size(), written);
        }
    }
};

QTEST_GUILESS_MAIN(TestGenerate)
#include "tst_generate.moc"
