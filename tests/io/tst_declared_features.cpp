// Pod fields from which upstream's NodeDeclaredFeatures (on from 1.36, GA in 1.37) infers node
// features: Berth does not model them, so loading warns at the field, names the feature, and
// still loads the pod (component-helpers nodedeclaredfeatures/features, v0.37.2).

#include <QtTest/QtTest>

#include <string>

#include "core/api/cluster.h"
#include "io/manifest_loader.h"

using namespace berth;

class TestDeclaredFeatures : public QObject {
    Q_OBJECT
private slots:
    void warns_data();
    void warns();
};

void TestDeclaredFeatures::warns_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("spec");     // the pod's spec, YAML flow style
    QTest::addColumn<QString>("warning");  // "" or "path: ...feature" expected in the one warning

    const QString c = "{name: c, image: i";
    QTest::newRow("plain pod") << "{containers: [" + c + "}]}" << "";
    QTest::newRow("restart rule RestartAllContainers")
        << "{containers: [" + c + ", restartPolicyRules: [{action: RestartAllContainers}]}]}"
        << "spec.containers[0].restartPolicyRules[0].action: needs the node feature RestartAllContainersOnContainerExits";
    QTest::newRow("another restart rule action") << "{containers: [" + c + ", restartPolicyRules: [{action: Restart}]}]}"
                                                 << "";
    QTest::newRow("init container bind mount options")
        << "{containers: [" + c + "}], initContainers: [" + c +
               ", volumeMounts: [{name: v, mountPath: /v, bindMountOptions: [rbind]}]}]}"
        << "spec.initContainers[0].volumeMounts[0].bindMountOptions: needs the node feature VolumeBindMountOptions";
    QTest::newRow("empty bind mount options")
        << "{containers: [" + c + ", volumeMounts: [{name: v, mountPath: /v, bindMountOptions: []}]}]}" << "";
    QTest::newRow("host network in a user namespace")
        << "{hostNetwork: true, hostUsers: false, containers: [" + c + "}]}"
        << "spec.hostUsers: needs the node feature UserNamespacesHostNetworkSupport";
    QTest::newRow("host network, host users") << "{hostNetwork: true, hostUsers: true, containers: [" + c + "}]}" << "";
    QTest::newRow("user namespace only") << "{hostUsers: false, containers: [" + c + "}]}" << "";
    // fields Berth does not read: a malformed value is neither an error nor a warning
    // (hostNetwork is read, for the host ports API defaulting gives a host-network pod)
    QTest::newRow("malformed unread fields")
        << "{hostNetwork: true, hostUsers: {a: b}, containers: [" + c + ", restartPolicyRules: x, volumeMounts: [3]}]}"
        << "";
    // clang-format on
}

void TestDeclaredFeatures::warns() {
    QFETCH(QString, spec);
    QFETCH(QString, warning);
    core::Cluster cluster;
    io::LoadResult result;
    const std::string text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: " + spec.toStdString() + "\n";
    io::loadManifestText(text, "test.yaml", cluster, result);
    QVERIFY(!result.diagnostics.hasErrors());
    QVERIFY(cluster.findPod(cluster.pool.find("default"), "p"));  // loaded all the same
    if (warning.isEmpty()) {
        QCOMPARE(result.diagnostics.items.size(), std::size_t(0));
        return;
    }
    QCOMPARE(result.diagnostics.items.size(), std::size_t(1));
    const io::Diagnostic& d = result.diagnostics.items[0];
    QVERIFY(d.severity == io::Severity::Warning);
    QCOMPARE(d.line, 4);
    QVERIFY2(QString::fromStdString(d.message).startsWith(warning), d.message.c_str());
    QVERIFY(QString::fromStdString(d.message).contains("not modelled"));
}

QTEST_GUILESS_MAIN(TestDeclaredFeatures)
#include "tst_declared_features.moc"
