package main

// Pod-level resources (spec.resources, KEP-2837; beta and on from 1.34) for the generator: values
// the API server accepts (pkg/apis/core/validation validatePodResourceConsistency): pod-level
// requests at least the containers' aggregate requests, pod-level limits at least every
// container's limit and the pod-level request, hugepages' request equal to their limit.

import (
	"fmt"

	v1 "k8s.io/api/core/v1"
	resourcehelper "k8s.io/component-helpers/resource"
	"sigs.k8s.io/yaml"
)

// typedSpec reads the generated spec back as a v1.PodSpec, for upstream's aggregation helpers.
func typedSpec(spec obj) (*v1.Pod, error) {
	data, err := yaml.Marshal(spec)
	if err != nil {
		return nil, err
	}
	pod := &v1.Pod{}
	if err := yaml.Unmarshal(data, &pod.Spec); err != nil {
		return nil, err
	}
	// API defaulting of the containers (requests default to limits) as the API server does first.
	for _, list := range [][]v1.Container{pod.Spec.Containers, pod.Spec.InitContainers} {
		for i := range list {
			for k, l := range list[i].Resources.Limits {
				if list[i].Resources.Requests == nil {
					list[i].Resources.Requests = v1.ResourceList{}
				}
				if _, ok := list[i].Resources.Requests[k]; !ok {
					list[i].Resources.Requests[k] = l
				}
			}
		}
	}
	return pod, nil
}

// podResources adds spec.resources to a generated spec: requests and limits of cpu, memory and
// (on hugepages clusters) hugepages-2Mi, any of them alone or together, above the containers'.
func (g *gen) podResources(spec obj) {
	pod, err := typedSpec(spec)
	if err != nil {
		return
	}
	aggReq := resourcehelper.AggregateContainerRequests(pod, resourcehelper.PodResourcesOptions{})
	ctrLimit := func(name v1.ResourceName) int64 { // the largest container limit, in base units
		var m int64
		for _, c := range pod.Spec.Containers {
			if q, ok := c.Resources.Limits[name]; ok {
				m = max(m, milliOrValue(name, q.MilliValue(), q.Value()))
			}
		}
		return m
	}
	requests, limits := obj{}, obj{}
	draw := func(name v1.ResourceName, extras []int64, spell func(int64) string) {
		agg := int64(0)
		if q, ok := aggReq[name]; ok {
			agg = milliOrValue(name, q.MilliValue(), q.Value())
		}
		req := agg + pick(g, extras)
		hasReq := g.chance(0.7)
		if hasReq {
			requests[string(name)] = spell(req)
		}
		if g.chance(0.35) {
			limits[string(name)] = spell(max(req, ctrLimit(name)) + pick(g, extras))
		}
	}
	if g.chance(0.7) {
		draw(v1.ResourceCPU, []int64{0, 100, 250, 500, 1000}, func(m int64) string { return fmt.Sprintf("%dm", m) })
	}
	if g.chance(0.6) {
		draw(v1.ResourceMemory, []int64{0, 64 << 20, 256 << 20, 1 << 30}, func(b int64) string { return fmt.Sprint(b) })
	}
	if g.hugepages && g.chance(0.2) {
		hp := v1.ResourceName("hugepages-2Mi")
		agg := int64(0)
		if q, ok := aggReq[hp]; ok {
			agg = q.Value()
		}
		v := fmt.Sprint(agg + pick(g, []int64{0, 128 << 20}))
		requests[string(hp)], limits[string(hp)] = v, v
	}
	if len(requests) == 0 && len(limits) == 0 {
		requests["cpu"] = fmt.Sprintf("%dm", aggReq.Cpu().MilliValue()+500)
	}
	res := obj{}
	if len(requests) > 0 {
		res["requests"] = requests
	}
	if len(limits) > 0 {
		res["limits"] = limits
	}
	spec["resources"] = res
}

func milliOrValue(name v1.ResourceName, milli, value int64) int64 {
	if name == v1.ResourceCPU {
		return milli
	}
	return value
}
