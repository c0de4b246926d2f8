#pragma once
/// A label selector written as kubectl takes it on the command line (`-l`, `--selector`):
/// `key=value`, `key==value`, `key!=value`, `key in (a,b)`, `key notin (a,b)`, `key`, `!key`,
/// joined by commas (k8s.io/apimachinery/pkg/labels/selector.go, Parse).

#include <optional>
#include <string>
#include <string_view>

#include "core/api/labels.h"
#include "core/api/string_pool.h"

namespace berth::io {

/// The selector, its keys and values interned in `pool`; nullopt with `error` when it does not
/// parse or a key or value is not a valid label key or value. An empty text selects everything.
std::optional<core::LabelSelector> parseSelectorText(std::string_view text, core::StringPool& pool, std::string& error);

}  // namespace berth::io
