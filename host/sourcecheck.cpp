// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/sourcecheck.h"

namespace vigil {

namespace {

// Takes what the sources append and keeps none of it: the sources count it themselves.
class DryRunSink final : public TelemetrySink
{
public:
    DryRunSink(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics)
        : m_topology(std::move(topology))
        , m_metrics(std::move(metrics))
    { }
    const std::shared_ptr<const Topology> &topology() const override { return m_topology; }
    const std::vector<MetricDescriptor> &metrics() const override { return m_metrics; }
    uint64_t appendSamples(std::vector<v1::Samples> &&) override { return 0; }
    uint64_t appendEvents(std::vector<Event>, std::vector<uint64_t> *) override { return 0; }

private:
    std::shared_ptr<const Topology> m_topology;
    std::vector<MetricDescriptor> m_metrics;
};

} // namespace

std::vector<SourceCheck> checkSources(const GatewayOptions &options, QString *error)
{
    std::vector<SourceCheck> checks;
    std::shared_ptr<const Topology> topology = options.topology;
    std::vector<MetricDescriptor> metrics = standardMetrics();
    GatewayOptions quiet = options;
    quiet.log = {};
    if (QString e = layoutRealSources(quiet, topology, metrics); !e.isEmpty()) {
        *error = e;
        return checks;
    }
    DryRunSink sink(topology, metrics);
    for (BridgeSpec spec : options.bridges) {
        spec.historyHours = 0; // a dry run reads what is there now
        const std::unique_ptr<BridgeSource> source = BridgeSource::make(spec, sink);
        source->pollOnce();
        SourceCheck check { spec.describe(), source->counters(), source->wasRead() };
        checks.push_back(std::move(check));
    }
    return checks;
}

int printSourceChecks(const std::vector<SourceCheck> &checks, QTextStream &out)
{
    int failed = 0;
    for (const SourceCheck &check : checks) {
        const BridgeCounters &c = check.counters;
        out << check.source << ": " << (check.readable ? "read" : "NOT READ") << '\n';
        out << "  readings " << c.samples << ", events " << c.events << ", skipped " << c.skipped << ", rejected "
            << c.rejected << '\n';
        if (!c.unknownFields.empty()) {
            out << "  fields the stream has no metric for (" << c.unknownFields.size() << "):\n";
            for (const auto &[name, field] : c.unknownFields) {
                out << "    " << name << ": " << field.samples << " samples";
                if (!field.help.isEmpty())
                    out << " (" << field.help << ')';
                out << '\n';
            }
        }
        if (!c.rejections.empty()) {
            out << "  rejected lines";
            if (uint64_t(c.rejections.size()) < c.rejected)
                out << " (" << c.rejections.size() << " distinct of " << c.rejected << ')';
            out << ":\n";
            for (const BridgeCounters::Rejection &r : c.rejections) {
                out << "    " << r.why;
                if (r.times > 1)
                    out << " (" << r.times << " times)";
                out << '\n';
            }
        }
        if (!c.lastError.isEmpty())
            out << "  last error: " << c.lastError << '\n';
        if (!check.readable)
            ++failed;
    }
    out.flush();
    return failed == 0 ? 0 : 1;
}

} // namespace vigil
