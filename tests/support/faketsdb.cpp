// SPDX-License-Identifier: GPL-3.0-or-later
#include "faketsdb.h"

#include <QUrl>
#include <QUrlQuery>

#include <cmath>

namespace vigil::test {

namespace {

QByteArray answer(const std::shared_ptr<const Topology> &topology, const QByteArray &head, int64_t maxSteps,
                  int64_t downFromMs, int64_t downToMs)
{
    const QByteArray target = head.mid(4, head.indexOf(' ', 4) - 4);
    const QUrlQuery query(QUrl(QString::fromUtf8(target)).query());
    const auto seconds = [&](const char *key) {
        return int64_t(std::llround(query.queryItemValue(QLatin1String(key)).toDouble() * 1000.0));
    };
    const auto labels = [&](uint32_t g) {
        return QByteArray(R"("metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":")") + QByteArray::number(g)
            + R"(","UUID":")" + topology->gpus[g].uuid.toUtf8() + R"(","Hostname":"gpu-node-01"})";
    };
    QByteArray body;
    if (target.startsWith("/api/v1/query_range")) {
        const int64_t start = seconds("start"), end = seconds("end"), step = seconds("step");
        if (step <= 0 || (end - start) / step + 1 > maxSteps)
            return "HTTP/1.1 422 Unprocessable Entity\r\nContent-Type: application/json\r\nConnection: "
                   "close\r\n\r\n{\"status\":\"error\",\"errorType\":\"execution\",\"error\":\"query "
                   "processing would load too many samples into memory in query execution\"}";
        if (end >= downFromMs && start <= downToMs)
            return "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n";
        body = R"({"status":"success","data":{"resultType":"matrix","result":[)";
        for (uint32_t g = 0; g < 4; ++g) {
            body += (g ? "," : "") + ('{' + labels(g) + R"(,"values":[)");
            for (int64_t t = start; t <= end; t += step)
                body += (t > start ? "," : "") + QByteArray("[") + QByteArray::number(double(t) / 1000.0, 'f', 3)
                    + ",\"" + QByteArray::number(FakeTsdb::temperature(t) + g) + "\"]";
            body += "]}";
        }
    } else if (target.startsWith("/api/v1/series")) {
        QByteArray list = R"({"status":"success","data":[)";
        for (uint32_t g = 0; g < 4; ++g)
            list += (g ? "," : "") + labels(g).mid(9); // the label set alone: {"__name__":…}
        return HttpFixture::ok(list + "]}");
    } else {
        body = R"({"status":"success","data":{"resultType":"vector","result":[)";
        const int64_t at = seconds("time");
        for (uint32_t g = 0; g < 4; ++g)
            body += (g ? "," : "")
                + ('{' + labels(g) + R"(,"value":[)" + QByteArray::number(double(at) / 1000.0, 'f', 3) + ",\"50\"]}");
    }
    return HttpFixture::ok(body + "]}}");
}

} // namespace

FakeTsdb::FakeTsdb(std::shared_ptr<const Topology> topology, int64_t maxSteps, int64_t downFromMs, int64_t downToMs)
    : m_server([=](const QByteArray &head) { return answer(topology, head, maxSteps, downFromMs, downToMs); })
{ }

} // namespace vigil::test
