// berth-test-extender: a scheduler extender for Berth's tests (tests/extender), Go standard
// library only. It speaks the protocol of k8s.io/kube-scheduler/extender/v1 with the same Go
// types (mirrored here without JSON tags, so encoding/json writes upstream's field names) and
// behaves by the first part of the request path, the mode:
//
//	POST /<mode>/<verb>      verb: filter, prioritize, preempt, bind
//
//	ok          filter: names with "unres" are FailedAndUnresolvable, with "fail" Failed, the
//	            rest pass (answered as NodeNames when sent NodeNames, else as Nodes);
//	            prioritize: the last digit of the name is the score; preempt: nodes with
//	            "fail" are dropped, the others keep their victims (by UID); bind: a node with
//	            "fail" is refused.
//	lowercase   as ok, with every answer's keys in lower case (Go matches them anyway).
//	slow        waits 3 s, then as ok (for timeouts).
//	status      HTTP 500.
//	error       the answer's Error field is set.
//	malformed   a body that is not JSON.
//	oversized   2 MiB of blanks before the answer.
//	outside     filter also passes a node it was not sent ("ghost").
//
// Every request is appended to -log as one JSON line {"path":…,"body":…}. With -tls it serves
// HTTPS with a CA made at start (ca.pem, client.pem, client-key.pem written to -certdir; the
// server certificate names 127.0.0.1, localhost and extender.test); -mtls also requires a
// client certificate from that CA. It prints "LISTENING <port>" once it accepts connections.
package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

type ExtenderArgs struct {
	Pod       json.RawMessage
	Nodes     *NodeList
	NodeNames *[]string
}

type NodeList struct {
	Items []json.RawMessage `json:"items"`
}

type ExtenderFilterResult struct {
	Nodes                      *NodeList
	NodeNames                  *[]string
	FailedNodes                map[string]string
	FailedAndUnresolvableNodes map[string]string
	Error                      string
}

type HostPriority struct {
	Host  string
	Score int64
}

type MetaPod struct{ UID string }

type MetaVictims struct {
	Pods             []*MetaPod
	NumPDBViolations int64
}

type Victims struct {
	Pods             []json.RawMessage
	NumPDBViolations int64
}

type ExtenderPreemptionArgs struct {
	Pod                   json.RawMessage
	NodeNameToVictims     map[string]*Victims
	NodeNameToMetaVictims map[string]*MetaVictims
}

type ExtenderPreemptionResult struct {
	NodeNameToMetaVictims map[string]*MetaVictims
}

type ExtenderBindingArgs struct {
	PodName, PodNamespace, PodUID, Node string
}

type ExtenderBindingResult struct{ Error string }

func nameOf(raw json.RawMessage) string {
	var obj struct {
		Metadata struct {
			Name string `json:"name"`
			UID  string `json:"uid"`
		} `json:"metadata"`
	}
	_ = json.Unmarshal(raw, &obj)
	return obj.Metadata.Name
}

func uidOf(raw json.RawMessage) string {
	var obj struct {
		Metadata struct {
			UID string `json:"uid"`
		} `json:"metadata"`
	}
	_ = json.Unmarshal(raw, &obj)
	return obj.Metadata.UID
}

func filter(body []byte, mode string) (any, error) {
	var args ExtenderArgs
	if err := json.Unmarshal(body, &args); err != nil {
		return nil, err
	}
	res := ExtenderFilterResult{FailedNodes: map[string]string{}, FailedAndUnresolvableNodes: map[string]string{}}
	if mode == "error" {
		res.Error = "test extender refuses"
		return res, nil
	}
	pass := func(name string) bool {
		switch {
		case strings.Contains(name, "unres"):
			res.FailedAndUnresolvableNodes[name] = "test: unresolvable"
		case strings.Contains(name, "fail"):
			res.FailedNodes[name] = "test: fails"
		default:
			return true
		}
		return false
	}
	if args.NodeNames != nil {
		names := []string{}
		for _, n := range *args.NodeNames {
			if pass(n) {
				names = append(names, n)
			}
		}
		if mode == "outside" {
			names = append(names, "ghost")
		}
		res.NodeNames = &names
	} else if args.Nodes != nil {
		list := &NodeList{Items: []json.RawMessage{}}
		for _, n := range args.Nodes.Items {
			if pass(nameOf(n)) {
				list.Items = append(list.Items, n)
			}
		}
		if mode == "outside" {
			list.Items = append(list.Items, json.RawMessage(`{"metadata":{"name":"ghost"}}`))
		}
		res.Nodes = list
	}
	return res, nil
}

func prioritize(body []byte) (any, error) {
	var args ExtenderArgs
	if err := json.Unmarshal(body, &args); err != nil {
		return nil, err
	}
	var names []string
	if args.NodeNames != nil {
		names = *args.NodeNames
	} else if args.Nodes != nil {
		for _, n := range args.Nodes.Items {
			names = append(names, nameOf(n))
		}
	}
	list := []HostPriority{}
	for _, n := range names {
		score := int64(0)
		if last := n[len(n)-1]; last >= '0' && last <= '9' {
			score = int64(last - '0')
		}
		list = append(list, HostPriority{Host: n, Score: score})
	}
	return list, nil
}

func preempt(body []byte) (any, error) {
	var args ExtenderPreemptionArgs
	if err := json.Unmarshal(body, &args); err != nil {
		return nil, err
	}
	res := ExtenderPreemptionResult{NodeNameToMetaVictims: map[string]*MetaVictims{}}
	for node, v := range args.NodeNameToMetaVictims {
		if !strings.Contains(node, "fail") {
			res.NodeNameToMetaVictims[node] = v
		}
	}
	for node, v := range args.NodeNameToVictims {
		if strings.Contains(node, "fail") {
			continue
		}
		meta := &MetaVictims{Pods: []*MetaPod{}, NumPDBViolations: v.NumPDBViolations}
		for _, p := range v.Pods {
			meta.Pods = append(meta.Pods, &MetaPod{UID: uidOf(p)})
		}
		res.NodeNameToMetaVictims[node] = meta
	}
	return res, nil
}

func bind(body []byte, mode string) (any, error) {
	var args ExtenderBindingArgs
	if err := json.Unmarshal(body, &args); err != nil {
		return nil, err
	}
	if mode == "error" || strings.Contains(args.Node, "fail") {
		return ExtenderBindingResult{Error: "test: bind refused on " + args.Node}, nil
	}
	return ExtenderBindingResult{}, nil
}

// lowerKeys rewrites every object key of a JSON value in lower case.
func lowerKeys(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range t {
			out[strings.ToLower(k)] = lowerKeys(x)
		}
		return out
	case []any:
		for i := range t {
			t[i] = lowerKeys(t[i])
		}
	}
	return v
}

type server struct {
	logMu sync.Mutex
	log   *os.File
}

func (s *server) handle(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if s.log != nil {
		line, _ := json.Marshal(map[string]string{"path": r.URL.Path, "body": string(body)})
		s.logMu.Lock()
		s.log.Write(append(line, '\n'))
		s.logMu.Unlock()
	}
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if len(parts) != 2 {
		http.NotFound(w, r)
		return
	}
	mode, verb := parts[0], parts[1]
	switch mode {
	case "slow":
		select {
		case <-time.After(3 * time.Second):
		case <-r.Context().Done():
			return
		}
	case "status":
		http.Error(w, "test extender fails", http.StatusInternalServerError)
		return
	case "malformed":
		w.Write([]byte("{not json"))
		return
	case "oversized":
		w.Write(bytes.Repeat([]byte(" "), 2<<20))
		w.Write([]byte("{}"))
		return
	}
	var answer any
	var err error
	switch verb {
	case "filter":
		answer, err = filter(body, mode)
	case "prioritize":
		answer, err = prioritize(body)
	case "preempt":
		answer, err = preempt(body)
	case "bind":
		answer, err = bind(body, mode)
	default:
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	out, _ := json.Marshal(answer)
	if mode == "lowercase" {
		var generic any
		_ = json.Unmarshal(out, &generic)
		out, _ = json.Marshal(lowerKeys(generic))
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

func writePEM(path, kind string, der []byte) {
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		log.Fatal(err)
	}
}

// issue makes a key and a certificate for tmpl, signed by parent (self-signed when nil).
func issue(tmpl *x509.Certificate, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey, []byte) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		log.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	return cert, key, der
}

func tlsConfig(dir string, mtls bool) *tls.Config {
	now := time.Now()
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "berth-test-ca"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	ca, caKey, caDER := issue(caTmpl, nil, nil)
	writePEM(filepath.Join(dir, "ca.pem"), "CERTIFICATE", caDER)
	serverTmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "extender.test"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, DNSNames: []string{"localhost", "extender.test"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}}
	_, serverKey, serverDER := issue(serverTmpl, ca, caKey)
	clientTmpl := &x509.Certificate{SerialNumber: big.NewInt(3), Subject: pkix.Name{CommonName: "berth"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}
	_, clientKey, clientDER := issue(clientTmpl, ca, caKey)
	writePEM(filepath.Join(dir, "client.pem"), "CERTIFICATE", clientDER)
	clientKeyDER, _ := x509.MarshalECPrivateKey(clientKey)
	writePEM(filepath.Join(dir, "client-key.pem"), "EC PRIVATE KEY", clientKeyDER)
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	cfg := &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{serverDER}, PrivateKey: serverKey}}}
	if mtls {
		cfg.ClientAuth = tls.RequireAndVerifyClientCert
		cfg.ClientCAs = pool
	}
	return cfg
}

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	logPath := flag.String("log", "", "append each request here as a JSON line")
	useTLS := flag.Bool("tls", false, "serve HTTPS with a CA made at start")
	mtls := flag.Bool("mtls", false, "with -tls: require a client certificate")
	certDir := flag.String("certdir", ".", "where -tls writes ca.pem, client.pem, client-key.pem")
	lifetime := flag.Duration("lifetime", 5*time.Minute, "exit after this long, whatever happens")
	flag.Parse()
	s := &server{}
	if *logPath != "" {
		f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			log.Fatal(err)
		}
		s.log = f
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	if *useTLS {
		ln = tls.NewListener(ln, tlsConfig(*certDir, *mtls))
	}
	// A test that dies without stopping the server leaves no server behind for long.
	time.AfterFunc(*lifetime, func() { os.Exit(0) })
	fmt.Printf("LISTENING %d\n", ln.Addr().(*net.TCPAddr).Port)
	os.Stdout.Sync()
	srv := &http.Server{Handler: http.HandlerFunc(s.handle), ErrorLog: log.New(io.Discard, "", 0)}
	log.Fatal(srv.Serve(ln))
}
