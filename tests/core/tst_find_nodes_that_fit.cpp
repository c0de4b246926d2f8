// The Filter half of a cycle (find_nodes_that_fit.cpp): numFeasibleNodesToFind, how many
// feasible nodes a scan looks for (UPSTREAM 2.3).

#include <QtTest/QtTest>

#include <optional>

#include "core/schedule_one.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

class TestFindNodesThatFit : public QObject {
    Q_OBJECT

private slots:
    void numFeasibleNodesToFind_data();
    void numFeasibleNodesToFind();
};

void TestFindNodesThatFit::numFeasibleNodesToFind_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("percentage");  // -1 = unset, 0 = adaptive
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("expected");

    // fewer than 100 nodes: all of them
    QTest::newRow("50 nodes") << -1 << 50 << 50;
    QTest::newRow("99 nodes") << -1 << 99 << 99;
    // adaptive: pct = 50 - n/125 (at least 5), num = n*pct/100 (at least 100)
    // 100: 50 - 0 = 50% -> 50 -> raised to 100
    QTest::newRow("100 nodes") << -1 << 100 << 100;
    // 500: 50 - 4 = 46% -> 230
    QTest::newRow("500 nodes") << -1 << 500 << 230;
    // 1000: 50 - 8 = 42% -> 420
    QTest::newRow("1000 nodes") << -1 << 1000 << 420;
    // 5000: 50 - 40 = 10% -> 500
    QTest::newRow("5000 nodes") << -1 << 5000 << 500;
    // 5625: 50 - 45 = 5% -> 281
    QTest::newRow("5625 nodes") << -1 << 5625 << 281;
    // 15000: 50 - 120 < 5 -> 5% -> 750
    QTest::newRow("15000 nodes") << -1 << 15000 << 750;
    // an explicit 0 is adaptive too
    QTest::newRow("explicit 0") << 0 << 1000 << 420;
    // explicit percentages
    QTest::newRow("30% of 1000") << 30 << 1000 << 300;
    QTest::newRow("100% of 5000") << 100 << 5000 << 5000;
    // 5% of 1000 = 50 -> raised to the minimum of 100
    QTest::newRow("5% of 1000") << 5 << 1000 << 100;
    // below 100 nodes the percentage does not apply
    QTest::newRow("1% of 50") << 1 << 50 << 50;
    // clang-format on
}

void TestFindNodesThatFit::numFeasibleNodesToFind() {
    QFETCH(int, percentage);
    QFETCH(int, nodes);
    QFETCH(int, expected);
    const std::optional<std::int32_t> pct = percentage < 0 ? std::nullopt : std::optional<std::int32_t>(percentage);
    QCOMPARE(int(berth::core::numFeasibleNodesToFind(pct, nodes)), expected);
}
QTEST_APPLESS_MAIN(TestFindNodesThatFit)
#include "tst_find_nodes_that_fit.moc"
