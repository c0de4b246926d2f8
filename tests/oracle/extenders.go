package main

// The configuration's scheduler extenders where the oracle's own evaluation (decide, single.go)
// meets them, as schedule_one.go calls them: the filter stage after the Filter plugins
// (findNodesThatPassExtenders) and the prioritize scores after the Score plugins
// (prioritizeNodes). And a binding extender's bind as such an extender does it in a cluster:
// after its answer, the Binding is created through the API (a real binding extender posts it to
// the API server itself; the test extender only answers).

import (
	"context"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/kubernetes"
	extenderv1 "k8s.io/kube-scheduler/extender/v1"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

// passExtenders is findNodesThatPassExtenders: each interested extender in turn narrows the
// feasible nodes; an ignorable extender's error skips it. Rejected nodes get their status in
// the diagnosis and their reason in `filtered`.
func passExtenders(extenders []fwk.Extender, pod *v1.Pod, feasible []fwk.NodeInfo, diagnosis *framework.Diagnosis,
	filtered map[string]string) ([]fwk.NodeInfo, error) {
	before := len(feasible)
	for _, e := range extenders {
		if len(feasible) == 0 {
			break
		}
		if !e.IsInterested(pod) {
			continue
		}
		kept, failed, unresolvable, err := e.Filter(pod, feasible)
		if err != nil {
			if e.IsIgnorable() {
				continue
			}
			return nil, err
		}
		for name, msg := range unresolvable {
			diagnosis.NodeToStatus.Set(name, fwk.NewStatus(fwk.UnschedulableAndUnresolvable, msg))
			filtered[name] = e.Name() + ": " + msg
		}
		for name, msg := range failed {
			if _, found := unresolvable[name]; found {
				continue
			}
			diagnosis.NodeToStatus.Set(name, fwk.NewStatus(fwk.Unschedulable, msg))
			filtered[name] = e.Name() + ": " + msg
		}
		feasible = kept
	}
	if len(feasible) != before {
		if diagnosis.UnschedulablePlugins == nil {
			diagnosis.UnschedulablePlugins = sets.New[string]()
		}
		diagnosis.UnschedulablePlugins.Insert(framework.ExtenderName)
	}
	return feasible, nil
}

// addExtenderScores is prioritizeNodes' extender half: each interested extender's scores
// (0..MaxExtenderPriority) times its weight, scaled to MaxNodeScore, added under the
// extender's name; a prioritize error gives no score from that extender.
func addExtenderScores(extenders []fwk.Extender, pod *v1.Pod, nodes []fwk.NodeInfo, scored []fwk.NodePluginScores) {
	index := map[string]int{}
	for i := range scored {
		index[scored[i].Name] = i
	}
	for _, e := range extenders {
		if !e.IsInterested(pod) {
			continue
		}
		list, weight, err := e.Prioritize(pod, nodes)
		if err != nil {
			continue
		}
		for _, hp := range *list {
			i, ok := index[hp.Host]
			if !ok {
				continue
			}
			score := hp.Score * weight * (fwk.MaxNodeScore / extenderv1.MaxExtenderPriority)
			scored[i].Scores = append(scored[i].Scores, fwk.PluginScore{Name: e.Name(), Score: score})
			scored[i].TotalScore += score
		}
	}
}

// bindingExtender binds through the wrapped extender, then creates the Binding it answered for.
type bindingExtender struct {
	fwk.Extender
	client kubernetes.Interface
}

func (b bindingExtender) Bind(binding *v1.Binding) error {
	if err := b.Extender.Bind(binding); err != nil {
		return err
	}
	return b.client.CoreV1().Pods(binding.Namespace).Bind(context.Background(), binding, metav1.CreateOptions{})
}

// bindThroughAPI wraps the scheduler's binding extender (at most one) so that its binds reach
// the API, as they do in a cluster.
func bindThroughAPI(extenders []fwk.Extender, client kubernetes.Interface) {
	for i, e := range extenders {
		if e.IsBinder() {
			extenders[i] = bindingExtender{Extender: e, client: client}
		}
	}
}
