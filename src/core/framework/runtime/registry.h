#pragma once
/// Plugin name -> factory (framework/runtime/registry.go). In-tree plugins register in
/// plugins/registry.cpp; tests may add their own.

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "core/framework/interface.h"
#include "core/profile/config.h"

namespace berth::core {

struct Handle;

using PluginFactory = std::function<std::unique_ptr<Plugin>(const PluginArgs& args, Handle& handle)>;

class Registry {
public:
    void add(const std::string& name, PluginFactory factory) { m_factories[name] = std::move(factory); }
    const PluginFactory* find(const std::string& name) const {
        auto it = m_factories.find(name);
        return it == m_factories.end() ? nullptr : &it->second;
    }
    const std::map<std::string, PluginFactory>& all() const { return m_factories; }

private:
    std::map<std::string, PluginFactory> m_factories;
};

/// Every in-tree plugin Berth implements.
Registry inTreeRegistry();

}  // namespace berth::core
