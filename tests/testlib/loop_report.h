#pragma once
// The loop conformance scenarios' comparison (tests/conformance/loop*/README.md): every field
// of every expected pod has its value in Berth's `-o json` report (other fields may be added),
// and the evicted pods are the same, in any order.

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace berth::testlib {

/// The first difference between the report `got` and the expected `want`; empty when none.
inline QString loopReportDifference(const QJsonObject& got, const QJsonObject& want) {
    QHash<QString, QJsonObject> gotPods;
    for (const auto& v : got["pods"].toArray()) gotPods.insert(v.toObject()["pod"].toString(), v.toObject());
    for (const auto& v : want["pods"].toArray()) {
        const QJsonObject w = v.toObject();
        const QString name = w["pod"].toString();
        if (!gotPods.contains(name)) return "missing pod " + name;
        const QJsonObject g = gotPods[name];
        for (auto it = w.begin(); it != w.end(); ++it)
            if (g[it.key()] != it.value())
                return name + "." + it.key() + ": want " + it.value().toVariant().toString() + ", got " +
                       g[it.key()].toVariant().toString();
    }
    QStringList wantEvicted, gotEvicted;
    for (const auto& v : want["evicted"].toArray()) wantEvicted << v.toString();
    for (const auto& v : got["evicted"].toArray()) gotEvicted << v.toString();
    wantEvicted.sort();
    gotEvicted.sort();
    if (gotEvicted != wantEvicted) return "evicted: want " + wantEvicted.join(',') + ", got " + gotEvicted.join(',');
    return {};
}

}  // namespace berth::testlib
