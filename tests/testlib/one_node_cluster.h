#pragma once
// The timed-edit tests' cluster (tests/plan/tst_timed_edits, tst_timeline_file): one 2-cpu
// node a1 and a Deployment web of 4 pods of 1 cpu, so two fit and two wait for room.

namespace berth::testlib {

inline constexpr const char* kOneNodeFourWebPods = R"(apiVersion: v1
kind: Node
metadata: {name: a1, labels: {kubernetes.io/hostname: a1}}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 4
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
)";

}  // namespace berth::testlib
