# bench/machine.sh: sourced by the benchmark scripts. bench_machine CODEBREAKER prints where the figures
# that follow were taken: the processor's model, its cores, the kernels' level in use (CB_CPU_LEVEL caps
# it: docs/hacking.md) and the load average. A figure without its machine says little.
bench_machine() {
    _model=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -1)
    _level=$("$1" --version 2>/dev/null | sed -n 's/^kernels: //p')
    echo "# machine: ${_model:-unknown CPU}, $(nproc) cores; kernels: ${_level:-unknown}; load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
}
