# bash completion for berthctl: its commands and flags (src/cli/options.cpp usageText).
# Installed as share/bash-completion/completions/berthctl.

_berthctl() {
    local cur prev words cword
    _init_completion || return

    local flags="-f --filename --config --timeline --seed --tie-break --percentage-of-nodes-to-score
        --single-pass --no-preemption --no-fast-paths --threads --kube-version --trace --events
        --extender-record --extender-replay --metrics
        --until --bind-latency --bind-failure-probability --bind-fail-node --stats --strict
        --validate --admission --fail-on-pending --check -o --output -h --help --version"
    local capacity_flags="--template --max --allow-preemption --group-by --reference-pod --node
        --selector --force --delete-emptydir-data --node-template --strategy --max-nodes"
    local generate_flags="--nodes --pods --zones --workloads --interleave --bound --variant -o
        --output"

    case "$prev" in
        -f | --filename | --config | --timeline | --template | --reference-pod | --node-template | --trace | --events | \
        --extender-record | --extender-replay)
            _filedir '@(yaml|yml|json)'
            return ;;
        --metrics) _filedir; return ;;
        --tie-break) mapfile -t COMPREPLY < <(compgen -W "random name" -- "$cur"); return ;;
        --kube-version)
            mapfile -t COMPREPLY < <(compgen -W "1.26 1.27 1.28 1.29 1.30 1.31 1.32 1.33 1.34 1.35 1.36 1.37" -- "$cur")
            return ;;
        --validate) mapfile -t COMPREPLY < <(compgen -W "strict warn ignore" -- "$cur"); return ;;
        --admission) mapfile -t COMPREPLY < <(compgen -W "manifests none" -- "$cur"); return ;;
        --strategy) mapfile -t COMPREPLY < <(compgen -W "least-waste most-pods least-nodes price" -- "$cur"); return ;;
        --variant) mapfile -t COMPREPLY < <(compgen -W "basic anti-affinity spread mixed" -- "$cur"); return ;;
        -o | --output)
            local formats="table yaml json bindings workloads csv none"
            [ "${words[1]}" = capacity ] && formats="table json yaml csv markdown"
            [ "${words[1]}" = generate ] && formats="yaml json"
            mapfile -t COMPREPLY < <(compgen -W "$formats" -- "$cur")
            return ;;
        --seed | --percentage-of-nodes-to-score | --threads | --until | --bind-latency | \
        --bind-failure-probability | --bind-fail-node | --max | --group-by | --node | --selector | \
        --max-nodes | --nodes | --pods | --zones | --workloads | --bound)
            return ;;  # a value of the user's
    esac

    if [ "$cword" -eq 1 ]; then
        mapfile -t COMPREPLY < <(compgen -W "schedule explain capacity generate --help --version" -- "$cur")
        return
    fi
    if [ "${words[1]}" = capacity ] && [ "$cword" -eq 2 ]; then
        mapfile -t COMPREPLY < <(compgen -W "fit compare drain nodes" -- "$cur")
        return
    fi
    case "${words[1]}" in
        generate) mapfile -t COMPREPLY < <(compgen -W "$generate_flags" -- "$cur") ;;
        capacity) mapfile -t COMPREPLY < <(compgen -W "$flags $capacity_flags" -- "$cur") ;;
        *) mapfile -t COMPREPLY < <(compgen -W "$flags" -- "$cur") ;;
    esac
} &&
    complete -F _berthctl berthctl
