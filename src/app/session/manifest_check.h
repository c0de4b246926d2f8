#pragma once
/// Checks manifest texts before they replace the session: a file that does not parse, has an
/// object with an error, or holds nothing to plan is refused, so opening (or dropping) a bad
/// file never replaces a good session with a broken or empty one. The load itself still runs
/// on the worker; this only reads the texts into a scratch cluster.

#include <QStringList>

#include "io/plan/plan.h"

namespace berth::app {

/// The reasons `input` would not load as a whole: every error diagnostic
/// (`file:line:col: error: Kind ns/name: message`), or a note that the files hold no nodes,
/// pods or workloads. Empty when it loads. Warnings do not refuse a file.
QStringList manifestErrors(const io::PlanInput& input);

}  // namespace berth::app
