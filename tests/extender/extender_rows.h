#pragma once
/// Extender outcomes as one line each, for table rows and for comparing a live run with its
/// replay: "feasible=a,b|failed=c:why|unres=d:why|error=text".

#include <QString>
#include <QStringList>

#include "core/api/string_pool.h"
#include "core/framework/extender.h"

namespace berth::testlib {

inline QString errorText(const std::optional<core::ExtenderError>& e) {
    return e ? QString::fromStdString(e->message) : QString();
}

inline QString describe(const core::StringPool& pool, const core::ExtenderFilterOutcome& o) {
    QStringList feasible, failed, unres;
    for (core::Sym s : o.feasible) feasible << QString::fromUtf8(pool.str(s));
    for (const auto& [s, why] : o.failed) failed << QString::fromUtf8(pool.str(s)) + ":" + QString::fromStdString(why);
    for (const auto& [s, why] : o.failedAndUnresolvable)
        unres << QString::fromUtf8(pool.str(s)) + ":" + QString::fromStdString(why);
    return "feasible=" + feasible.join(',') + "|failed=" + failed.join(',') + "|unres=" + unres.join(',') +
           "|error=" + errorText(o.error);
}

inline QString describe(const core::StringPool& pool, const core::ExtenderPrioritizeOutcome& o) {
    QStringList scores;
    for (const auto& [s, score] : o.scores) scores << QString::fromUtf8(pool.str(s)) + "=" + QString::number(score);
    return "scores=" + scores.join(',') + "|weight=" + QString::number(o.weight) + "|error=" + errorText(o.error);
}

inline QString describe(const core::StringPool& pool, const core::ExtenderPreemptionOutcome& o) {
    QStringList nodes;
    for (const auto& [s, v] : o.nodeToVictims) {
        QStringList pods;
        for (const core::Pod* p : v.pods) pods << QString::fromStdString(p->name);
        nodes << QString::fromUtf8(pool.str(s)) + ":" + pods.join('+') + "/" + QString::number(v.numPDBViolations);
    }
    return "victims=" + nodes.join(',') + "|error=" + errorText(o.error);
}

}  // namespace berth::testlib
