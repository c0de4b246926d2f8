#pragma once
/// How an extender call reaches its extender: one POST of a JSON body to `<urlPrefix>/<verb>`
/// (pkg/scheduler/extender.go, HTTPExtender.send). The live transport is libcurl
/// (curl_transport.h); a recording wraps it and a replay answers from a file
/// (extender_recording.h), so the answers decode the same way whichever one answered.

#include <string>

namespace berth::extender {

/// One call: which extender (its urlPrefix, upstream's Name()), the verb's name, the URL, the
/// pod it is about ("namespace/name") and the request body.
struct ExtenderCall {
    std::string extender;
    std::string verb;  // the configured verb name, e.g. "filter"
    std::string url;
    std::string pod;
    std::string body;
};

/// The HTTP answer (status and body), or the reason there was none: `error` holds the whole
/// message the pod will show (a transport failure as Go's client words it, or a response over
/// the size limit).
struct PostResult {
    long status = 0;
    std::string body;
    std::string error;
    bool operator==(const PostResult&) const = default;
};

class Transport {
public:
    virtual ~Transport() = default;
    virtual PostResult post(const ExtenderCall& call) = 0;
};

}  // namespace berth::extender
