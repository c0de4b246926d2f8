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
	clientscheme "k8s.io/client-go/kubernetes/scheme"
	configv1 "k8s.io/kube-scheduler/config/v1"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
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
