#pragma once
/// Extender calls recorded and replayed, so a plan that consults an extender is reproducible
/// offline: berthctl --extender-record FILE keeps every call (extender, verb, pod, request
/// body) with its answer (HTTP status and body, or the error), and --extender-replay FILE
/// answers the same calls from the file with no extender running. Recording happens at the
/// transport, under HttpExtender, so a replayed answer is decoded by the same code as a live
/// one and the run decides the same, byte for byte.
///
/// The file is one JSON object, written atomically:
///   {"kind":"BerthExtenderRecording","version":1,"calls":[
///     {"extender":URLPREFIX,"verb":"filter","pod":"ns/name","request":"{…}",
///      "status":200,"response":"{…}"}            (or "error":"Post \"…\": …" in place of both)
///   ]}
/// Bodies are kept as strings, exactly as sent and received.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "extender/transport.h"

namespace berth::extender {

struct RecordedCall {
    std::string extender;
    std::string verb;
    std::string pod;
    std::string request;
    PostResult result;
    bool operator==(const RecordedCall&) const = default;
};

/// How often one run has made each call (extender, verb, request body) so far. A recording
/// that several runs of one plan share (the GUI rebuilds its plan on every undo) then keeps the
/// k-th identical call once, not once per run: exactly what a replay of any of them asks.
class RunCallCounts {
public:
    /// The number of this call among the run's identical calls (0 for the first).
    std::size_t next(const RecordedCall& call);

private:
    std::mutex m_mutex;
    std::map<std::tuple<std::string, std::string, std::string>, std::size_t> m_counts;
};

/// The calls of one run, in the order they were made. Safe to add to from several threads.
class Recording {
public:
    Recording() = default;
    /// A recording that starts with `calls` (one read back with parse()).
    explicit Recording(std::vector<RecordedCall> calls);
    void add(RecordedCall call);
    /// Adds `call` unless the recording holds more than `occurrence` calls like it already.
    void addOnce(RecordedCall call, std::size_t occurrence);
    bool empty() const;
    std::vector<RecordedCall> calls() const;
    std::string toJson() const;
    /// "" or the reason the file could not be written.
    std::string save(const std::string& path) const;
    /// The calls of the recording in `text` (read from `name`); nullopt with `error` set when
    /// it is not one.
    static std::optional<std::vector<RecordedCall>> parse(std::string_view text, const std::string& name,
                                                          std::string& error);

private:
    mutable std::mutex m_mutex;
    std::vector<RecordedCall> m_calls;
    std::map<std::tuple<std::string, std::string, std::string>, std::size_t> m_counts;  // by addOnce's key
};

/// Passes each call on and records it with its answer (with `run`: once per run, addOnce).
class RecordingTransport final : public Transport {
public:
    RecordingTransport(std::shared_ptr<Transport> inner, std::shared_ptr<Recording> recording,
                       std::shared_ptr<RunCallCounts> run = nullptr)
        : m_inner(std::move(inner)), m_recording(std::move(recording)), m_run(std::move(run)) {}
    PostResult post(const ExtenderCall& call) override;

private:
    std::shared_ptr<Transport> m_inner;
    std::shared_ptr<Recording> m_recording;
    std::shared_ptr<RunCallCounts> m_run;
};

/// The answers of a recording, shared by every extender of a replayed run: the k-th call with
/// the same extender, verb and request body gets the k-th answer recorded for it (a retried
/// pod asks again; a stateful extender may have answered differently). A call the recording
/// lacks is an error naming it and saying what to do (`advice`), which the pod shows.
class Replay {
public:
    Replay(std::vector<RecordedCall> calls, std::string name,
           std::string advice = "record the run again with --extender-record");
    PostResult answer(const ExtenderCall& call);

private:
    using Key = std::tuple<std::string, std::string, std::string>;  // extender, verb, request
    std::mutex m_mutex;
    std::string m_name;
    std::string m_advice;
    std::map<Key, std::vector<PostResult>> m_answers;
    std::map<Key, std::size_t> m_used;
};

class ReplayTransport final : public Transport {
public:
    explicit ReplayTransport(std::shared_ptr<Replay> replay) : m_replay(std::move(replay)) {}
    PostResult post(const ExtenderCall& call) override { return m_replay->answer(call); }

private:
    std::shared_ptr<Replay> m_replay;
};

}  // namespace berth::extender
