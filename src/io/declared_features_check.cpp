#include "io/declared_features_check.h"

#include <string>

namespace berth::io::detail {
namespace {

// Berth reads none of these fields, so a value of the wrong type is not an error here: the
// checks look only at well-formed values and stay silent otherwise.

void warnFeature(Reader& r, const DocNode& at, const FieldPath& path, std::string_view feature) {
    r.warning(at, path,
              "needs the node feature " + std::string(feature) +
                  " under NodeDeclaredFeatures (on from 1.36, GA in 1.37), which filters out nodes whose "
                  "status.declaredFeatures lack it; not modelled: every node is taken to have it");
}

template <class Fn>
void forEachMapItem(const DocNode& list, Fn fn) {
    if (!list.isSequence()) return;
    for (std::size_t i = 0; i < list.size(); ++i)
        if (list.item(i).isMap()) fn(list.item(i), static_cast<int>(i));
}

// restartallcontainers and volumebindmountoptions InferForScheduling: per container.
void checkContainers(Reader& r, const DocNode& spec, const char* key, const FieldPath& path) {
    const FieldPath listPath = path.child(key);
    forEachMapItem(field(spec, key), [&](const DocNode& c, int ci) {
        const FieldPath cp = listPath.index(ci);
        const FieldPath rulesPath = cp.child("restartPolicyRules");
        forEachMapItem(field(c, "restartPolicyRules"), [&](const DocNode& rule, int ri) {
            const FieldPath rp = rulesPath.index(ri);
            const DocNode action = field(rule, "action");
            if (action.isScalar() && action.scalar() == "RestartAllContainers")
                warnFeature(r, action, rp.child("action"), "RestartAllContainersOnContainerExits");
        });
        const FieldPath mountsPath = cp.child("volumeMounts");
        forEachMapItem(field(c, "volumeMounts"), [&](const DocNode& m, int mi) {
            const FieldPath mp = mountsPath.index(mi);
            const DocNode options = field(m, "bindMountOptions");
            if (options.isSequence() && options.size() > 0)
                warnFeature(r, options, mp.child("bindMountOptions"), "VolumeBindMountOptions");
        });
    });
}

}  // namespace

void warnNodeDeclaredFeatures(Reader& r, const DocNode& spec, const FieldPath& path) {
    for (const char* key : {"containers", "initContainers", "ephemeralContainers"}) checkContainers(r, spec, key, path);
    // usernamespaceshostnetwork InferForScheduling: host network inside a user namespace.
    const DocNode hostNetwork = field(spec, "hostNetwork");
    const DocNode hostUsers = field(spec, "hostUsers");
    if (hostNetwork.isScalar() && hostNetwork.scalar() == "true" && hostUsers.isScalar() &&
        hostUsers.scalar() == "false")
        warnFeature(r, hostUsers, path.child("hostUsers"), "UserNamespacesHostNetworkSupport");
}

}  // namespace berth::io::detail
