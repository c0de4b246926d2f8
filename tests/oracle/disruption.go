package main

// Sequential loop runs also run upstream's disruption controller (pkg/controller/disruption) on
// the fake API, so that PodDisruptionBudgets' status follows the pods as in a cluster (and as
// berthctl's controller computes it) instead of keeping the generated status all run long.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	scalefake "k8s.io/client-go/scale/fake"
	"k8s.io/kubernetes/pkg/controller/disruption"
)

// newDisruptionController registers the controller's informers on the harness's factory: call
// it before the factory starts, and Run it after.
func newDisruptionController(ctx context.Context, h *harness) *disruption.DisruptionController {
	f := h.factory
	// The kinds whose scale the controller reads for maxUnavailable and percentages.
	mapper := apimeta.NewDefaultRESTMapper(nil)
	for _, k := range []string{"ReplicaSet", "Deployment", "StatefulSet"} {
		mapper.Add(appsv1.SchemeGroupVersion.WithKind(k), apimeta.RESTScopeNamespace)
	}
	mapper.Add(v1.SchemeGroupVersion.WithKind("ReplicationController"), apimeta.RESTScopeNamespace)
	return disruption.NewDisruptionController(ctx, f.Core().V1().Pods(), f.Policy().V1().PodDisruptionBudgets(),
		f.Core().V1().ReplicationControllers(), f.Apps().V1().ReplicaSets(), f.Apps().V1().Deployments(),
		f.Apps().V1().StatefulSets(), h.client, mapper, &scalefake.FakeScaleClient{}, h.client.Discovery())
}
