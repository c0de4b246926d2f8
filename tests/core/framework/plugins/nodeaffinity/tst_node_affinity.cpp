// NodeAffinity: nodeSelector and required node affinity in Filter (operators, OR of terms, AND
// within a term, unparsable and empty terms), the matchFields metadata.name PreFilterResult
// (intersection per term, union over terms, conflicts), addedAffinity, preferred-term scoring
// with DefaultNormalizeScore, and the version differences (PreFilter Skip >= 1.27, PreScore Skip
// >= 1.30, the v1.26 per-term conflict) (UPSTREAM 4.4, 5.8). Filter and score rows follow
// upstream's node_affinity_test.go.

#include <QtTest/QtTest>

#include <algorithm>
#include <string>
#include <vector>

#include "core/framework/plugins/nodeaffinity/node_affinity.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

SelectorOp opOf(const QString& op) {
    if (op == "In") return SelectorOp::In;
    if (op == "NotIn") return SelectorOp::NotIn;
    if (op == "Exists") return SelectorOp::Exists;
    if (op == "DoesNotExist") return SelectorOp::DoesNotExist;
    if (op == "Gt") return SelectorOp::Gt;
    if (op == "Lt") return SelectorOp::Lt;
    qFatal("bad operator in test row: %s", qPrintable(op));
    return SelectorOp::In;
}

/// A term written as requirements separated by ';': "foo In bar,baz; GPU Exists; n Gt 5".
/// "@metadata.name In node1" is a matchFields requirement. "!" marks the term unparsable (as
/// the io layer does for terms upstream cannot parse); a Gt/Lt value that is not an integer, or
/// a field requirement without exactly one value, does the same. "" is an empty term.
NodeSelectorTerm termOf(TestCluster& tc, const QString& text) {
    NodeSelectorTerm t;
    for (QString req : text.split(';', Qt::SkipEmptyParts)) {
        req = req.trimmed();
        if (req == "!") {
            t.unparsable = true;
            continue;
        }
        const QStringList parts = req.split(' ', Qt::SkipEmptyParts);
        QString key = parts.value(0);
        const SelectorOp op = opOf(parts.value(1));
        std::vector<Sym> values;
        for (const QString& v : parts.value(2).split(',', Qt::SkipEmptyParts))
            values.push_back(tc.sym(v.toStdString()));
        if (key.startsWith('@')) {
            // upstream parses a field requirement only with metadata.name, In/NotIn and exactly
            // one value; anything else makes the whole term unparsable
            key.remove(0, 1);
            if (key != "metadata.name" || (op != SelectorOp::In && op != SelectorOp::NotIn) || values.size() != 1)
                t.unparsable = true;
            t.fields.push_back({tc.sym(key.toStdString()), op, values});
            continue;
        }
        NodeSelectorRequirement r{tc.sym(key.toStdString()), op, values, 0};
        if (op == SelectorOp::Gt || op == SelectorOp::Lt) {
            bool ok = false;
            r.number = parts.value(2).toLongLong(&ok);
            if (!ok || values.size() != 1) t.unparsable = true;
        }
        t.expressions.push_back(std::move(r));
    }
    return t;
}

NodeSelector selectorOf(TestCluster& tc, const QStringList& terms) {
    NodeSelector s;
    for (const QString& t : terms) s.terms.push_back(termOf(tc, t));
    return s;
}

/// "weight|term" entries.
std::vector<PreferredSchedulingTerm> preferredOf(TestCluster& tc, const QStringList& terms) {
    std::vector<PreferredSchedulingTerm> out;
    for (const QString& e : terms) {
        const int bar = static_cast<int>(e.indexOf('|'));
        out.push_back({e.left(bar).toInt(), termOf(tc, e.mid(bar + 1))});
    }
    return out;
}

void addLabels(NodeBuilder& nb, const QString& labels) {
    for (const QString& kv : labels.split(',', Qt::SkipEmptyParts)) {
        const int eq = static_cast<int>(kv.indexOf('='));
        nb.label(kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString());
    }
}

void addNodeSelector(PodBuilder& pb, const QString& labels) {
    for (const QString& kv : labels.split(',', Qt::SkipEmptyParts)) {
        const int eq = static_cast<int>(kv.indexOf('='));
        pb.nodeSelector(kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString());
    }
}

PluginArgs argsWithAdded(TestCluster& tc, const QStringList& addedRequired, const QStringList& addedPreferred = {}) {
    PluginArgs args;
    if (addedRequired.isEmpty() && addedPreferred.isEmpty()) return args;
    NodeAffinity added;
    if (!addedRequired.isEmpty()) added.required = selectorOf(tc, addedRequired);
    added.preferred = preferredOf(tc, addedPreferred);
    args.nodeAffinity.addedAffinity = added;
    return args;
}

}  // namespace

class TstNodeAffinity : public QObject {
    Q_OBJECT

private slots:
    void filter_data();
    void filter();
    void preFilter_data();
    void preFilter();
    void score_data();
    void score();
};

void TstNodeAffinity::filter_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("nodeName");
    QTest::addColumn<QString>("labels");
    QTest::addColumn<QString>("nodeSelector");
    QTest::addColumn<bool>("hasRequired");
    QTest::addColumn<QStringList>("required");
    QTest::addColumn<QStringList>("addedRequired");
    QTest::addColumn<QString>("expected");

    const QString pod = "UU: node(s) didn't match Pod's node affinity/selector";
    const QString enforced = "UU: node(s) didn't match scheduler-enforced node affinity";
    // nodeSelector: every key/value must be a node label
    QTest::newRow("nodeSelector, missing labels") << "node1" << "" << "foo=bar" << false << QStringList{} << QStringList{} << pod;
    QTest::newRow("nodeSelector, same labels") << "node1" << "foo=bar" << "foo=bar" << false << QStringList{}
                                               << QStringList{} << "ok";
    QTest::newRow("nodeSelector, node labels superset") << "node1" << "foo=bar,baz=blah" << "foo=bar" << false
                                                        << QStringList{} << QStringList{} << "ok";
    QTest::newRow("nodeSelector, node labels subset") << "node1" << "foo=bar" << "foo=bar,baz=blah" << false
                                                      << QStringList{} << QStringList{} << pod;
    // operators
    QTest::newRow("In matches") << "node1" << "foo=bar" << "" << true << QStringList{"foo In bar,value2"} << QStringList{}
                                << "ok";
    QTest::newRow("In does not match") << "node1" << "foo=bar" << "" << true << QStringList{"foo In value1,value2"}
                                       << QStringList{} << pod;
    // Gt/Lt compare integers: 0206 > 0204
    QTest::newRow("Gt matches") << "node1" << "kernel-version=0206" << "" << true << QStringList{"kernel-version Gt 0204"}
                                << QStringList{} << "ok";
    QTest::newRow("Gt does not match") << "node1" << "kernel-version=0204" << "" << true
                                       << QStringList{"kernel-version Gt 0204"} << QStringList{} << pod;
    QTest::newRow("Lt matches") << "node1" << "kernel-version=3" << "" << true << QStringList{"kernel-version Lt 4"}
                                << QStringList{} << "ok";
    // a node label that is not an integer never satisfies Gt/Lt
    QTest::newRow("Gt with a non-integer label") << "node1" << "kernel-version=abc" << "" << true
                                                 << QStringList{"kernel-version Gt 1"} << QStringList{} << pod;
    QTest::newRow("Gt without the label") << "node1" << "" << "" << true << QStringList{"kernel-version Gt 1"}
                                          << QStringList{} << pod;
    QTest::newRow("NotIn matches") << "node1" << "mem-type=DDR3" << "" << true << QStringList{"mem-type NotIn DDR,DDR2"}
                                   << QStringList{} << "ok";
    // NotIn and DoesNotExist also match a node without the key
    QTest::newRow("NotIn without the key") << "node1" << "" << "" << true << QStringList{"mem-type NotIn DDR"}
                                           << QStringList{} << "ok";
    QTest::newRow("NotIn with a listed value") << "node1" << "mem-type=DDR" << "" << true
                                               << QStringList{"mem-type NotIn DDR,DDR2"} << QStringList{} << pod;
    QTest::newRow("Exists matches") << "node1" << "GPU=NVIDIA-GRID-K1" << "" << true << QStringList{"GPU Exists"}
                                    << QStringList{} << "ok";
    QTest::newRow("DoesNotExist matches") << "node1" << "foo=bar" << "" << true << QStringList{"GPU DoesNotExist"}
                                          << QStringList{} << "ok";
    QTest::newRow("DoesNotExist fails") << "node1" << "GPU=x" << "" << true << QStringList{"GPU DoesNotExist"}
                                        << QStringList{} << pod;
    // within a term: AND
    QTest::newRow("expressions ANDed, match") << "node1" << "GPU=NVIDIA-GRID-K1" << "" << true
                                              << QStringList{"GPU Exists; GPU NotIn AMD,INTER"} << QStringList{} << "ok";
    QTest::newRow("expressions ANDed, no match") << "node1" << "GPU=NVIDIA-GRID-K1" << "" << true
                                                 << QStringList{"GPU Exists; GPU In AMD,INTER"} << QStringList{} << pod;
    // terms: OR
    QTest::newRow("terms ORed") << "node1" << "foo=bar" << "" << true
                                << QStringList{"foo In bar,value2", "diffkey In wrong,value2"} << QStringList{} << "ok";
    // nodeSelector AND affinity
    QTest::newRow("nodeSelector and affinity both hold") << "node1" << "foo=bar" << "foo=bar" << true
                                                         << QStringList{"foo Exists"} << QStringList{} << "ok";
    QTest::newRow("affinity holds, nodeSelector not") << "node1" << "foo=barrrrrr" << "foo=bar" << true
                                                      << QStringList{"foo Exists"} << QStringList{} << pod;
    // an empty term is dropped: no usable term matches nothing
    QTest::newRow("empty term matches nothing") << "node1" << "foo=bar" << "" << true << QStringList{""} << QStringList{}
                                                << pod;
    // nodeSelectorTerms: [] matches nothing
    QTest::newRow("empty term list matches nothing") << "node1" << "foo=bar" << "" << true << QStringList{}
                                                     << QStringList{} << pod;
    // no required affinity at all
    QTest::newRow("no affinity") << "node1" << "foo=bar" << "" << false << QStringList{} << QStringList{} << "ok";
    // an unparsable term never matches, even if its expressions would
    QTest::newRow("unparsable term never matches") << "node1" << "foo=bar" << "" << true << QStringList{"foo In bar; !"}
                                                   << QStringList{} << pod;
    QTest::newRow("unparsable term ORed with a good one") << "node1" << "foo=bar" << "" << true
                                                          << QStringList{"!", "foo In bar"} << QStringList{} << "ok";
    // a non-integer Gt operand makes the term unparsable
    QTest::newRow("Gt operand not an integer") << "node1" << "kernel-version=5" << "" << true
                                               << QStringList{"kernel-version Gt x"} << QStringList{} << pod;
    // matchFields metadata.name
    QTest::newRow("matchFields In matches") << "node1" << "" << "" << true << QStringList{"@metadata.name In node1"}
                                            << QStringList{} << "ok";
    QTest::newRow("matchFields In does not match") << "node2" << "" << "" << true << QStringList{"@metadata.name In node1"}
                                                   << QStringList{} << pod;
    QTest::newRow("matchFields NotIn") << "node2" << "" << "" << true << QStringList{"@metadata.name NotIn node1"}
                                       << QStringList{} << "ok";
    // two values in a field requirement: the term is unparsable and matches no node, although
    // PreFilter lists both names (UPSTREAM 4.4)
    QTest::newRow("matchFields with two values never matches") << "node1" << "" << "" << true
                                                               << QStringList{"@metadata.name In node1,node2"}
                                                               << QStringList{} << pod;
    QTest::newRow("matchFields and expressions in one term") << "node1" << "foo=bar" << "" << true
                                                             << QStringList{"@metadata.name In node1; foo In bar"}
                                                             << QStringList{} << "ok";
    QTest::newRow("matchFields fails, other term matches") << "node2" << "foo=bar" << "" << true
                                                           << QStringList{"@metadata.name In node1; @metadata.name In node2",
                                                                          "foo In bar"}
                                                           << QStringList{} << "ok";
    // addedAffinity is checked first, with its own reason
    QTest::newRow("matches added and pod affinity") << "node2" << "zone=foo" << "" << true << QStringList{"zone In foo"}
                                                    << QStringList{"@metadata.name In node2"} << "ok";
    QTest::newRow("matches added, not pod affinity") << "node2" << "zone=foo" << "" << true << QStringList{"zone In bar"}
                                                     << QStringList{"@metadata.name In node2"} << pod;
    QTest::newRow("does not match added affinity") << "node2" << "zone=foo" << "" << false << QStringList{}
                                                   << QStringList{"zone In bar"} << enforced;
    QTest::newRow("added reported before pod's") << "node2" << "zone=foo" << "" << true << QStringList{"zone In bar"}
                                                 << QStringList{"zone In bar"} << enforced;
    // clang-format on
}

void TstNodeAffinity::filter() {
    QFETCH(QString, nodeName);
    QFETCH(QString, labels);
    QFETCH(QString, nodeSelector);
    QFETCH(bool, hasRequired);
    QFETCH(QStringList, required);
    QFETCH(QStringList, addedRequired);
    QFETCH(QString, expected);

    TestCluster tc;
    NodeBuilder nb = tc.node(nodeName.toStdString());
    addLabels(nb, labels);
    nb.add();
    PodBuilder pb = tc.pod("p");
    addNodeSelector(pb, nodeSelector);
    if (hasRequired) pb.raw().affinity.node.required = selectorOf(tc, required);
    const Pod& pod = pb.add();
    tc.refresh();

    NodeAffinityPlugin pl(argsWithAdded(tc, addedRequired), tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    PreFilterResult r;
    // PreFilter's own verdict is checked in preFilter(); Filter must not depend on it.
    static_cast<void>(pl.preFilter(state, pod, r));
    QCOMPARE(
        QString::fromStdString(describe(pl.filter(state, pod, tc.nodeInfo(nodeName.toStdString())), tc.cluster.pool)),
        expected);
}

void TstNodeAffinity::preFilter_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("nodeSelector");
    QTest::addColumn<bool>("hasRequired");
    QTest::addColumn<QStringList>("required");
    QTest::addColumn<QStringList>("addedRequired");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("nodes");  // "all" or sorted names

    const QString conflict = "UU: pod affinity terms conflict";
    // nothing to do: Skip from 1.27, v1.26 has no Skip (Success, all nodes)
    QTest::newRow("nothing to do, newest") << "" << "" << false << QStringList{} << QStringList{} << "Skip" << "all";
    QTest::newRow("nothing to do, 1.27") << "1.27" << "" << false << QStringList{} << QStringList{} << "Skip" << "all";
    QTest::newRow("nothing to do, 1.26") << "1.26" << "" << false << QStringList{} << QStringList{} << "ok" << "all";
    QTest::newRow("nodeSelector only") << "" << "foo=bar" << false << QStringList{} << QStringList{} << "ok" << "all";
    QTest::newRow("addedAffinity only") << "" << "" << false << QStringList{} << QStringList{"zone In a"} << "ok" << "all";
    // a required selector with no terms is still "something to do" (it matches nothing)
    QTest::newRow("empty term list") << "" << "" << true << QStringList{} << QStringList{} << "ok" << "all";
    QTest::newRow("expressions only") << "" << "" << true << QStringList{"foo In bar"} << QStringList{} << "ok" << "all";
    QTest::newRow("one name") << "" << "" << true << QStringList{"@metadata.name In node1"} << QStringList{} << "ok"
                              << "node1";
    // union over terms
    QTest::newRow("two terms, union") << "" << "" << true
                                      << QStringList{"@metadata.name In node1", "@metadata.name In node2"} << QStringList{}
                                      << "ok" << "node1,node2";
    // intersection within a term: {node1,node2} n {node2,node3} = {node2}
    QTest::newRow("intersection in a term") << "" << "" << true
                                            << QStringList{"@metadata.name In node1,node2; @metadata.name In node2,node3"}
                                            << QStringList{} << "ok" << "node2";
    // the expression does not narrow the result (left to Filter)
    QTest::newRow("fields and expressions") << "" << "" << true << QStringList{"@metadata.name In node1; foo In bar"}
                                            << QStringList{} << "ok" << "node1";
    // NotIn fields do not contribute; a term without an In field means every node
    QTest::newRow("NotIn field") << "" << "" << true << QStringList{"@metadata.name NotIn node1"} << QStringList{} << "ok"
                                 << "all";
    QTest::newRow("one term without names") << "" << "" << true << QStringList{"@metadata.name In node1", "foo In bar"}
                                            << QStringList{} << "ok" << "all";
    // a single term whose names conflict: UU in every version
    QTest::newRow("conflict, newest") << "" << "" << true
                                      << QStringList{"@metadata.name In node1; @metadata.name In node2"} << QStringList{}
                                      << conflict << "all";
    QTest::newRow("conflict, 1.26") << "1.26" << "" << true
                                    << QStringList{"@metadata.name In node1; @metadata.name In node2"} << QStringList{}
                                    << conflict << "all";
    // one conflicting term ORed with a term without names (upstream row "two terms: matchFields
    // does not match, but matchExpressions matches"): >= 1.27 (PR #116465) checks the union,
    // which is "all nodes" here; v1.26 rejected as soon as one term's intersection was empty
    QTest::newRow("conflicting term ORed with expressions, newest")
        << "" << "" << true << QStringList{"@metadata.name In node1; @metadata.name In node2", "foo In bar"}
        << QStringList{} << "ok" << "all";
    QTest::newRow("conflicting term ORed with expressions, 1.26")
        << "1.26" << "" << true << QStringList{"@metadata.name In node1; @metadata.name In node2", "foo In bar"}
        << QStringList{} << conflict << "all";
    // one conflicting term ORed with a named one: union {} u {node3} = {node3}
    QTest::newRow("conflicting term ORed with a name, newest")
        << "" << "" << true << QStringList{"@metadata.name In node1; @metadata.name In node2", "@metadata.name In node3"}
        << QStringList{} << "ok" << "node3";
    QTest::newRow("conflicting term ORed with a name, 1.26")
        << "1.26" << "" << true << QStringList{"@metadata.name In node1; @metadata.name In node2", "@metadata.name In node3"}
        << QStringList{} << conflict << "all";
    // every term conflicting: union empty -> UU
    QTest::newRow("every term conflicting, newest")
        << "" << "" << true
        << QStringList{"@metadata.name In node1; @metadata.name In node2", "@metadata.name In node3; @metadata.name In node4"}
        << QStringList{} << conflict << "all";
    // clang-format on
}

void TstNodeAffinity::preFilter() {
    QFETCH(QString, version);
    QFETCH(QString, nodeSelector);
    QFETCH(bool, hasRequired);
    QFETCH(QStringList, required);
    QFETCH(QStringList, addedRequired);
    QFETCH(QString, status);
    QFETCH(QString, nodes);

    TestCluster tc(versionOf(version));
    PodBuilder pb = tc.pod("p");
    addNodeSelector(pb, nodeSelector);
    if (hasRequired) pb.raw().affinity.node.required = selectorOf(tc, required);
    const Pod& pod = pb.add();

    NodeAffinityPlugin pl(argsWithAdded(tc, addedRequired), tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    PreFilterResult r;
    QCOMPARE(QString::fromStdString(describe(pl.preFilter(state, pod, r), tc.cluster.pool)), status);
    QString got = "all";
    if (!r.allNodes()) {
        QStringList names;
        for (Sym s : *r.nodeNames) names << QString::fromStdString(std::string(tc.cluster.pool.str(s)));
        names.sort();
        got = names.join(',');
    }
    QCOMPARE(got, nodes);
}

void TstNodeAffinity::score_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("preferred");       // "weight|term"
    QTest::addColumn<QStringList>("addedPreferred");  // addedAffinity preferred terms
    QTest::addColumn<QStringList>("nodes");           // "name|labels"
    QTest::addColumn<QString>("preScore");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("normalized");

    const QStringList affinity1{"2|foo In bar"};
    const QStringList affinity2{"2|foo In bar", "4|key In value", "5|foo In bar; key In value; az In az1"};
    const QString label1 = "foo=bar", label2 = "key=value", label3 = "az=az1", label4 = "abc=az11,def=az22";
    const QString label5 = "foo=bar,key=value,az=az1";

    // no preferred terms: >= 1.30 PreScore Skip; before that every node scores 0
    QTest::newRow("no preferences, newest") << "" << QStringList{} << QStringList{}
                                            << QStringList{"node1|" + label1, "node2|" + label2} << "Skip" << "" << "";
    QTest::newRow("no preferences, 1.30") << "1.30" << QStringList{} << QStringList{}
                                          << QStringList{"node1|" + label1, "node2|" + label2} << "Skip" << "" << "";
    QTest::newRow("no preferences, 1.29") << "1.29" << QStringList{} << QStringList{}
                                          << QStringList{"node1|" + label1, "node2|" + label2} << "ok"
                                          << "node1=0 node2=0" << "node1=0 node2=0";
    QTest::newRow("no preferences, 1.26") << "1.26" << QStringList{} << QStringList{}
                                          << QStringList{"node1|" + label1, "node2|" + label2} << "ok"
                                          << "node1=0 node2=0" << "node1=0 node2=0";
    // no node matches: max 0 -> all stay 0
    QTest::newRow("no node matches") << "" << affinity1 << QStringList{}
                                     << QStringList{"node1|" + label4, "node2|" + label2, "node3|" + label3} << "ok"
                                     << "node1=0 node2=0 node3=0" << "node1=0 node2=0 node3=0";
    // only node1 matches weight 2 -> 100*2/2 = 100
    QTest::newRow("only node1 matches") << "" << affinity1 << QStringList{}
                                        << QStringList{"node1|" + label1, "node2|" + label2, "node3|" + label3} << "ok"
                                        << "node1=2 node2=0 node3=0" << "node1=100 node2=0 node3=0";
    // node1 2, node5 2+4+5 = 11, node2 4 -> 100*2/11 = 18, 100, 100*4/11 = 36
    QTest::newRow("different priorities") << "" << affinity2 << QStringList{}
                                          << QStringList{"node1|" + label1, "node5|" + label5, "node2|" + label2} << "ok"
                                          << "node1=2 node5=11 node2=4" << "node1=18 node5=100 node2=36";
    // added affinity alone: node1 2 -> 100, node2 0
    QTest::newRow("added affinity") << "" << QStringList{} << affinity1 << QStringList{"node1|" + label1, "node2|" + label2}
                                    << "ok" << "node1=2 node2=0" << "node1=100 node2=0";
    // added (3, key=value) + pod (2, foo=bar): node1 2, node2 3, node3 5 -> 40, 60, 100
    QTest::newRow("added and pod affinity") << "" << affinity1 << QStringList{"3|key In value"}
                                            << QStringList{"node1|" + label1, "node2|" + label2, "node3|" + label5} << "ok"
                                            << "node1=2 node2=3 node3=5" << "node1=40 node2=60 node3=100";
    // UPSTREAM 5.8: raw {0, 3, 50} -> 0, 100*3/50 = 6, 100
    QTest::newRow("truncating normalize") << "" << QStringList{"3|a In x", "47|b In y"} << QStringList{}
                                          << QStringList{"n1|", "n2|a=x", "n3|a=x,b=y"} << "ok" << "n1=0 n2=3 n3=50"
                                          << "n1=0 n2=6 n3=100";
    // weight 0 and empty terms are dropped
    QTest::newRow("weight 0 and empty terms dropped") << "" << QStringList{"0|foo In bar", "7|", "2|key In value"}
                                                      << QStringList{} << QStringList{"node1|" + label5, "node2|" + label1}
                                                      << "ok" << "node1=2 node2=0" << "node1=100 node2=0";
    // a preferred term that fails to parse fails PreScore (UPSTREAM 5.8 for v1.26; the newest
    // node_affinity.go still returns the parse error from PreScore)
    QTest::newRow("unparsable preferred term, 1.26") << "1.26" << QStringList{"2|foo In bar", "3|kernel Gt x"}
                                                     << QStringList{} << QStringList{"node1|" + label1} << "Error" << ""
                                                     << "";
    QTest::newRow("unparsable preferred term, newest") << "" << QStringList{"2|foo In bar", "3|@metadata.name In a,b"}
                                                       << QStringList{} << QStringList{"node1|" + label1} << "Error" << ""
                                                       << "";
    // clang-format on
}

void TstNodeAffinity::score() {
    QFETCH(QString, version);
    QFETCH(QStringList, preferred);
    QFETCH(QStringList, addedPreferred);
    QFETCH(QStringList, nodes);
    QFETCH(QString, preScore);
    QFETCH(QString, raw);
    QFETCH(QString, normalized);

    TestCluster tc(versionOf(version));
    QStringList order;
    for (const QString& n : nodes) {
        const QStringList parts = n.split('|');
        NodeBuilder nb = tc.node(parts.value(0).toStdString());
        addLabels(nb, parts.value(1));
        nb.add();
        order << parts.value(0);
    }
    PodBuilder pb = tc.pod("p");
    pb.raw().affinity.node.preferred = preferredOf(tc, preferred);
    const Pod& pod = pb.add();
    tc.refresh();

    NodeAffinityPlugin pl(argsWithAdded(tc, {}, addedPreferred), tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    std::vector<NodeInfo*> infos;
    for (const QString& n : order) infos.push_back(const_cast<NodeInfo*>(&tc.nodeInfo(n.toStdString())));
    const QString pre = QString::fromStdString(describe(pl.preScore(state, pod, infos), tc.cluster.pool));
    if (preScore == "Error") {
        QVERIFY2(pre.startsWith("Error"), qPrintable(pre));
        return;
    }
    QCOMPARE(pre, preScore);
    if (preScore != "ok") return;
    std::vector<NodeScore> scores(infos.size());
    QStringList rawOut;
    for (std::size_t i = 0; i < infos.size(); ++i) {
        scores[i].node = static_cast<int>(i);
        QVERIFY(pl.score(state, pod, *infos[i], scores[i].score).isSuccess());
        rawOut << order[static_cast<qsizetype>(i)] + "=" + QString::number(scores[i].score);
    }
    QCOMPARE(rawOut.join(' '), raw);
    QVERIFY(pl.normalizeScore(state, pod, scores).isSuccess());
    QStringList normOut;
    for (std::size_t i = 0; i < infos.size(); ++i)
        normOut << order[static_cast<qsizetype>(i)] + "=" + QString::number(scores[i].score);
    QCOMPARE(normOut.join(' '), normalized);
}

QTEST_GUILESS_MAIN(TstNodeAffinity)
#include "tst_node_affinity.moc"
