package main

// Reading a scenario file the way tests/conformance/scenarios/README.md says: objects as the API
// server stores them (its defaulting, no admission), a running cluster, and at most one
// KubeSchedulerConfiguration decoded, defaulted and validated as `kube-scheduler --config` does.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	clientscheme "k8s.io/client-go/kubernetes/scheme"
	configv1 "k8s.io/kube-scheduler/config/v1"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	podutil "k8s.io/kubernetes/pkg/api/pod"
	api "k8s.io/kubernetes/pkg/apis/core"
	"k8s.io/kubernetes/pkg/features"
	schedconfig "k8s.io/kubernetes/pkg/scheduler/apis/config"
	schedscheme "k8s.io/kubernetes/pkg/scheduler/apis/config/scheme"
	schedvalidation "k8s.io/kubernetes/pkg/scheduler/apis/config/validation"
	"sigs.k8s.io/yaml"

	// The API server's defaulting: these register the versioned defaulters into legacyscheme.
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/policy/install"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
)

// scenario is one file, loaded.
type scenario struct {
	nodes   []*v1.Node
	bound   []*v1.Pod // spec.nodeName set, not terminal
	pending []*v1.Pod // file order
	others  []runtime.Object
	config  *schedconfig.KubeSchedulerConfiguration
}

// Kinds without a namespace among those a scenario may hold.
var clusterScoped = map[string]bool{
	"Node": true, "Namespace": true, "PriorityClass": true, "PersistentVolume": true,
	"StorageClass": true, "CSINode": true, "CSIDriver": true, "VolumeAttachment": true,
	"DeviceClass": true, "ResourceSlice": true, "RuntimeClass": true,
}

func loadScenario(path string) (*scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sc := &scenario{}
	reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for docIndex := 0; ; docIndex++ {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", path, docIndex, err)
		}
		var tm metav1.TypeMeta
		if err := yaml.Unmarshal(doc, &tm); err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", path, docIndex, err)
		}
		if tm.Kind == "" && tm.APIVersion == "" {
			continue // comments only
		}
		if tm.Kind == "KubeSchedulerConfiguration" {
			if sc.config != nil {
				return nil, fmt.Errorf("%s: more than one KubeSchedulerConfiguration", path)
			}
			cfg, err := decodeSchedulerConfig(doc)
			if err != nil {
				return nil, fmt.Errorf("%s: document %d: %w", path, docIndex, err)
			}
			sc.config = cfg
			continue
		}
		obj, _, err := clientscheme.Codecs.UniversalDeserializer().Decode(doc, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: document %d (%s): %w", path, docIndex, tm.Kind, err)
		}
		// API defaulting (the API server's, through the legacy scheme), no admission.
		legacyscheme.Scheme.Default(obj)
		accessor, err := meta.Accessor(obj)
		if err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", path, docIndex, err)
		}
		if !clusterScoped[tm.Kind] && accessor.GetNamespace() == "" {
			accessor.SetNamespace(metav1.NamespaceDefault)
		}
		if accessor.GetUID() == "" {
			// Stable made-up UIDs: the cache keys pods by UID.
			accessor.SetUID(types.UID(fmt.Sprintf("uid-%s-%s-%s", tm.Kind, accessor.GetNamespace(), accessor.GetName())))
		}
		switch o := obj.(type) {
		case *v1.Node:
			sc.nodes = append(sc.nodes, o)
		case *v1.Pod:
			applyCreateMutations(o)
			if o.Status.Phase == v1.PodSucceeded || o.Status.Phase == v1.PodFailed {
				continue // the scheduler's pod informer filters terminal pods out
			}
			if o.Spec.NodeName != "" {
				sc.bound = append(sc.bound, o)
			} else {
				sc.pending = append(sc.pending, o)
			}
		default:
			sc.others = append(sc.others, obj)
		}
	}
	if sc.config == nil {
		cfg, err := defaultSchedulerConfig()
		if err != nil {
			return nil, err
		}
		sc.config = cfg
	}
	if err := schedvalidation.ValidateKubeSchedulerConfiguration(sc.config); err != nil {
		return nil, fmt.Errorf("%s: invalid KubeSchedulerConfiguration: %w", path, err)
	}
	return sc, nil
}

// decodeSchedulerConfig decodes as kube-scheduler's --config does: the scheduler's scheme
// (versioned defaulting, then conversion to the internal type).
func decodeSchedulerConfig(doc []byte) (*schedconfig.KubeSchedulerConfiguration, error) {
	obj, gvk, err := schedscheme.Codecs.UniversalDecoder().Decode(doc, nil, nil)
	if err != nil {
		return nil, err
	}
	cfg, ok := obj.(*schedconfig.KubeSchedulerConfiguration)
	if !ok {
		return nil, fmt.Errorf("not a KubeSchedulerConfiguration: %v", gvk)
	}
	cfg.TypeMeta.APIVersion = gvk.GroupVersion().String()
	return cfg, nil
}

// defaultSchedulerConfig is what kube-scheduler runs with when given no configuration.
func defaultSchedulerConfig() (*schedconfig.KubeSchedulerConfiguration, error) {
	var versioned configv1.KubeSchedulerConfiguration
	schedscheme.Scheme.Default(&versioned)
	cfg := &schedconfig.KubeSchedulerConfiguration{}
	if err := schedscheme.Scheme.Convert(&versioned, cfg, nil); err != nil {
		return nil, err
	}
	cfg.TypeMeta.APIVersion = configv1.SchemeGroupVersion.String()
	return cfg, nil
}

// defaultPodLevelResources: with PodLevelResourcesFixDefaulting (beta and on in 1.37) the API
// server defaults spec.resources in PrepareForCreate (api/pod/util.go DefaultPodLevelResources)
// instead of in the versioned defaulting the legacy scheme runs: pod-level requests from the
// containers' aggregate or the pod-level limits, hugepages and cpu/memory limits. It works on the
// internal type; only spec.resources is taken back.
func defaultPodLevelResources(pod *v1.Pod) {
	if pod.Spec.Resources == nil {
		return
	}
	internal := &api.Pod{}
	if err := legacyscheme.Scheme.Convert(pod, internal, nil); err != nil {
		return
	}
	podutil.DefaultPodLevelResources(internal)
	back := &v1.Pod{}
	if err := legacyscheme.Scheme.Convert(internal, back, nil); err != nil {
		return
	}
	pod.Spec.Resources = back.Spec.Resources
}

// applyCreateMutations does what the API server's pod strategy does on create before storing a
// pod (pkg/registry/core/pod/strategy.go, PrepareForCreate: mutatePodAffinity and
// mutateTopologySpreadConstraints): matchLabelKeys / mismatchLabelKeys become `key in (value)` /
// `key notin (value)` requirements of the term's labelSelector, taking the value from the pod's
// own labels. The 1.37 scheduler reads only the merged selector of an affinity term, so a pod
// "as stored" must carry it. Not admission: it happens to every pod the API server creates.
func applyCreateMutations(pod *v1.Pod) {
	defaultPodLevelResources(pod)
	merge := func(sel *metav1.LabelSelector, keys []string, op metav1.LabelSelectorOperator) {
		for _, k := range keys {
			if v, ok := pod.Labels[k]; ok {
				sel.MatchExpressions = append(sel.MatchExpressions, metav1.LabelSelectorRequirement{Key: k, Operator: op, Values: []string{v}})
			}
		}
	}
	term := func(t *v1.PodAffinityTerm) {
		if t.LabelSelector == nil || (len(t.MatchLabelKeys) == 0 && len(t.MismatchLabelKeys) == 0) {
			return
		}
		merge(t.LabelSelector, t.MatchLabelKeys, metav1.LabelSelectorOpIn)
		merge(t.LabelSelector, t.MismatchLabelKeys, metav1.LabelSelectorOpNotIn)
	}
	if a := pod.Spec.Affinity; a != nil && utilfeature.DefaultFeatureGate.Enabled(features.MatchLabelKeysInPodAffinity) {
		if pa := a.PodAffinity; pa != nil {
			for i := range pa.PreferredDuringSchedulingIgnoredDuringExecution {
				term(&pa.PreferredDuringSchedulingIgnoredDuringExecution[i].PodAffinityTerm)
			}
			for i := range pa.RequiredDuringSchedulingIgnoredDuringExecution {
				term(&pa.RequiredDuringSchedulingIgnoredDuringExecution[i])
			}
		}
		if pa := a.PodAntiAffinity; pa != nil {
			for i := range pa.PreferredDuringSchedulingIgnoredDuringExecution {
				term(&pa.PreferredDuringSchedulingIgnoredDuringExecution[i].PodAffinityTerm)
			}
			for i := range pa.RequiredDuringSchedulingIgnoredDuringExecution {
				term(&pa.RequiredDuringSchedulingIgnoredDuringExecution[i])
			}
		}
	}
	if utilfeature.DefaultFeatureGate.Enabled(features.MatchLabelKeysInPodTopologySpread) &&
		utilfeature.DefaultFeatureGate.Enabled(features.MatchLabelKeysInPodTopologySpreadSelectorMerge) {
		for i := range pod.Spec.TopologySpreadConstraints {
			c := &pod.Spec.TopologySpreadConstraints[i]
			if c.LabelSelector != nil && len(c.MatchLabelKeys) > 0 {
				merge(c.LabelSelector, c.MatchLabelKeys, metav1.LabelSelectorOpIn)
			}
		}
	}
}
