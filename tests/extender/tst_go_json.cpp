// Extender answers read as Go's encoding/json reads them into upstream's types
// (extender/go_json.h): field names match in any case and the last one wins, what follows the
// first value is ignored, null leaves a field unset, and syntax and type errors read as Go's.
// The error texts were checked against Go 1.26's encoding/json decoding the same bodies into
// structs of the same shape (json.NewDecoder(...).Decode, as HTTPExtender.send does).

#include <QtTest/QtTest>

#include <string>

#include "extender/go_json.h"

using namespace berth::extender;

namespace {

/// "nodes=a,b|names=c|failed=x:why|unres=y:why|error=text", "" parts left out; "-" for an
/// absent list (nullopt), "[]" for an empty one.
QString describe(const FilterAnswer& a) {
    auto list = [](const std::optional<std::vector<std::string>>& l) {
        if (!l) return QString("-");
        QStringList out;
        for (const auto& s : *l) out << QString::fromStdString(s);
        return out.isEmpty() ? QString("[]") : out.join(',');
    };
    auto map = [](const std::map<std::string, std::string>& m) {
        QStringList out;
        for (const auto& [k, v] : m) out << QString::fromStdString(k + ":" + v);
        return out.join(',');
    };
    return "nodes=" + list(a.nodes) + "|names=" + list(a.nodeNames) + "|failed=" + map(a.failedNodes) +
           "|unres=" + map(a.failedAndUnresolvableNodes) + "|error=" + QString::fromStdString(a.error);
}

}  // namespace

class TestGoJson : public QObject {
    Q_OBJECT
private slots:
    void filterAnswer_data() {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("decoded");
        QTest::addColumn<QString>("error");
        // clang-format off
        QTest::newRow("upstream's field names")
            << R"({"Nodes":null,"NodeNames":["a","b"],"FailedNodes":{"c":"full"},"FailedAndUnresolvableNodes":{"d":"gone"},"Error":""})"
            << "nodes=-|names=a,b|failed=c:full|unres=d:gone|error=" << "";
        // Go matches field names without regard to case: an extender with its own json tags.
        QTest::newRow("lower-case keys")
            << R"({"nodenames":["a"],"failednodes":{"c":"full"},"error":"no"})"
            << "nodes=-|names=a|failed=c:full|unres=|error=no" << "";
        // Two keys for one field: the decoder assigns each in turn, the last stays.
        QTest::newRow("last key wins") << R"({"NodeNames":["a"],"nodeNames":["b"]})"
                                       << "nodes=-|names=b|failed=|unres=|error=" << "";
        QTest::newRow("node list items' names")
            << R"({"Nodes":{"metadata":{},"items":[{"metadata":{"name":"n1"}},{"metadata":{"name":"n2"}}]}})"
            << "nodes=n1,n2|names=-|failed=|unres=|error=" << "";
        QTest::newRow("empty list stays a list") << R"({"NodeNames":[]})" << "nodes=-|names=[]|failed=|unres=|error=" << "";
        QTest::newRow("unknown keys ignored") << R"({"Extra":1,"NodeNames":["a"]})"
                                             << "nodes=-|names=a|failed=|unres=|error=" << "";
        // json.Decoder reads one value: what follows does not matter.
        QTest::newRow("trailing text ignored") << R"({"NodeNames":["a"]} trailing {)"
                                               << "nodes=-|names=a|failed=|unres=|error=" << "";
        QTest::newRow("null answer") << "null" << "nodes=-|names=-|failed=|unres=|error=" << "";
        QTest::newRow("empty body") << "" << "" << "EOF";
        QTest::newRow("blank body") << "  \n" << "" << "EOF";
        QTest::newRow("cut off") << R"({"NodeNames":["a")" << "" << "unexpected EOF";
        QTest::newRow("not JSON") << "<html>" << "" << "invalid character '<' looking for beginning of value";
        QTest::newRow("bad key") << "{not json" << "" << "invalid character 'n' looking for beginning of object key string";
        QTest::newRow("missing colon") << R"({"a" 1})" << "" << "invalid character '1' after object key";
        QTest::newRow("array instead of object") << "[]" << ""
            << "json: cannot unmarshal array into Go value of type v1.ExtenderFilterResult";
        QTest::newRow("string for a list") << R"({"NodeNames":"a"})" << ""
            << "json: cannot unmarshal string into Go struct field ExtenderFilterResult.NodeNames of type []string";
        QTest::newRow("number for a name") << R"({"NodeNames":[1]})" << ""
            << "json: cannot unmarshal number into Go struct field ExtenderFilterResult.NodeNames of type string";
        QTest::newRow("list for the failed map") << R"({"FailedNodes":[]})" << ""
            << "json: cannot unmarshal array into Go struct field ExtenderFilterResult.FailedNodes of type v1.FailedNodesMap";
        QTest::newRow("object for Error") << R"({"Error":{}})" << ""
            << "json: cannot unmarshal object into Go struct field ExtenderFilterResult.Error of type string";
        // clang-format on
    }
    void filterAnswer() {
        QFETCH(QString, body);
        QFETCH(QString, decoded);
        QFETCH(QString, error);
        FilterAnswer a;
        const std::string e = decodeFilterAnswer(body.toStdString(), a);
        QCOMPARE(QString::fromStdString(e), error);
        if (error.isEmpty()) QCOMPARE(describe(a), decoded);
    }

    void hostPriorityList_data() {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("decoded");
        QTest::addColumn<QString>("error");
        // clang-format off
        QTest::newRow("scores") << R"([{"Host":"a","Score":3},{"host":"b","score":10}])" << "a=3,b=10" << "";
        QTest::newRow("missing score is 0") << R"([{"Host":"a"}])" << "a=0" << "";
        QTest::newRow("null list") << "null" << "" << "";
        QTest::newRow("object for the list") << R"({"Host":"a"})" << ""
            << "json: cannot unmarshal object into Go value of type v1.HostPriorityList";
        QTest::newRow("fraction for a score") << R"([{"Host":"a","Score":1.5}])" << ""
            << "json: cannot unmarshal number 1.5 into Go struct field HostPriority.Score of type int64";
        QTest::newRow("string for a score") << R"([{"Host":"a","Score":"3"}])" << ""
            << "json: cannot unmarshal string into Go struct field HostPriority.Score of type int64";
        // clang-format on
    }
    void hostPriorityList() {
        QFETCH(QString, body);
        QFETCH(QString, decoded);
        QFETCH(QString, error);
        std::vector<std::pair<std::string, std::int64_t>> list;
        const std::string e = decodeHostPriorityList(body.toStdString(), list);
        QCOMPARE(QString::fromStdString(e), error);
        if (!error.isEmpty()) return;
        QStringList out;
        for (const auto& [host, score] : list) out << QString::fromStdString(host) + "=" + QString::number(score);
        QCOMPARE(out.join(','), decoded);
    }

    void preemptionAnswer() {
        std::map<std::string, MetaVictimsAnswer> out;
        const std::string body =
            R"({"NodeNameToMetaVictims":{"n1":{"Pods":[{"UID":"u1"},{"uid":"u2"}],"NumPDBViolations":1},"n2":null}})";
        QCOMPARE(QString::fromStdString(decodePreemptionAnswer(body, out)), QString());
        QCOMPARE(out.size(), std::size_t{2});
        QCOMPARE(out["n1"].podUIDs, (std::vector<std::string>{"u1", "u2"}));
        QCOMPARE(out["n1"].numPDBViolations, std::int64_t{1});
        QVERIFY(out["n2"].podUIDs.empty());  // null victims: none
        std::map<std::string, MetaVictimsAnswer> bad;
        QCOMPARE(QString::fromStdString(decodePreemptionAnswer(R"({"NodeNameToMetaVictims":[]})", bad)),
                 QString("json: cannot unmarshal array into Go struct field "
                         "ExtenderPreemptionResult.NodeNameToMetaVictims of type map[string]*v1.MetaVictims"));
    }

    void bindingAnswer() {
        std::string refused;
        QCOMPARE(QString::fromStdString(decodeBindingAnswer("{}", refused)), QString());
        QVERIFY(refused.empty());
        QCOMPARE(QString::fromStdString(decodeBindingAnswer(R"({"Error":"no room"})", refused)), QString());
        QCOMPARE(QString::fromStdString(refused), QString("no room"));
        QCOMPARE(QString::fromStdString(decodeBindingAnswer("", refused)), QString("EOF"));
    }
};

QTEST_APPLESS_MAIN(TestGoJson)
#include "tst_go_json.moc"
