#pragma once
/// Checks a plan's manifests before the plan replaces the session on show: a file that does
/// not parse, has an object with an error, or holds nothing to plan is refused, so opening (or
/// dropping) a bad file never replaces a good session with a broken or empty one. The worker
/// runs it on the plan it has just loaded, so the files are parsed once, off the GUI thread.

#include <QStringList>

#include "plan/plan.h"

namespace berth::app {

/// The reasons `plan`'s manifests would not load as a whole: every error diagnostic
/// (`file:line:col: error: Kind ns/name: message`), or a note that the files hold no nodes,
/// pods or workloads. Empty when they load. Warnings do not refuse a file.
QStringList manifestErrors(const plan::Plan& plan);

}  // namespace berth::app
