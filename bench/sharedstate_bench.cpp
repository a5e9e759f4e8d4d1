// SPDX-License-Identifier: GPL-3.0-or-later
// The NOC's shared alarm state in a real PostgreSQL 15 on loopback (fsync off, as
// the test fixture runs it: the figure is the gateway's and the protocol's cost,
// not the disk's), against the gateway's own SQLite alarm journal.
//
// shared_state_actions_per_s: operator actions committed per second by one
//   gateway, one after another (each: version, action, alarm, NOTIFY, commit);
//   median of three runs of 300.
//   Baseline: the same actions saved to the SQLite alarm journal, each answered
//   once on disk (--alarm-journal), in the same run.
// shared_state_propagation_ms: from one gateway's act (the call that commits it) to the action
//   in a second gateway's hands (NOTIFY, then the read by version), both read on one steady
//   clock, so never negative (the second gateway can hear of it before the first's call
//   returns); median of 300. Baseline: the same commit's own duration, median.
#include "sharedstate_bench.h"

#include "benchreport.h"
#include "gateway/alarmstore.h"
#include "noc/sharedalarmstate.h"
#include "postgresfixture.h"

#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace vigil::bench {

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

v1::Event actionOn(uint64_t id)
{
    v1::Event e;
    e.set_id(id);
    e.set_type(v1::EVENT_TYPE_ACKNOWLEDGE);
    e.set_operator_name("bench");
    e.set_message("seen");
    e.set_alarm_id(1 + id % 50);
    return e;
}

v1::Alarm alarmFor(uint64_t id)
{
    v1::Alarm a;
    a.set_id(1 + id % 50);
    a.set_owner("bench");
    return a;
}

} // namespace

void runSharedStateBenchmark(BenchReport &report)
{
    QTextStream out(stdout);
    test::PostgresServer db;
    if (QString error = db.start(); !error.isEmpty()) {
        out << "shared state: skipped, " << error << Qt::endl;
        return;
    }
    constexpr int Actions = 300;
    SharedAlarmState east(db.conninfo(), QStringLiteral("bench-east"));
    SharedAlarmState west(db.conninfo(), QStringLiteral("bench-west"));
    if (QString error = east.open(nullptr); !error.isEmpty()) {
        out << "shared state: skipped, " << error << Qt::endl;
        return;
    }
    west.open(nullptr);
    std::mutex mutex;
    std::condition_variable arrived;
    int64_t lastVersion = 0;
    Clock::time_point arrivedAt;
    west.start([&](const SharedAction &a) {
        std::lock_guard lock(mutex);
        lastVersion = a.version;
        arrivedAt = Clock::now();
        arrived.notify_all();
    });
    while (!west.status().listening)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));

    // Propagation, one action at a time.
    std::vector<double> propagation, commitMs;
    uint64_t id = 1;
    for (int i = 0; i < Actions; ++i, ++id) {
        const auto start = Clock::now();
        const int64_t before = west.status().version;
        east.publish(actionOn(id), QStringLiteral("1:%1:9:0:0").arg(id % 50), alarmFor(id));
        const auto committed = Clock::now();
        std::unique_lock lock(mutex);
        if (!arrived.wait_for(lock, std::chrono::seconds(5), [&] { return lastVersion > before; }))
            continue; // never arrived: no time to measure (counted by the status below)
        propagation.push_back(std::chrono::duration<double, std::milli>(arrivedAt - start).count());
        commitMs.push_back(std::chrono::duration<double, std::milli>(committed - start).count());
    }

    // Throughput, against the SQLite alarm journal.
    std::vector<double> pgRates, sqliteRates;
    for (int run = 0; run < 3; ++run) {
        auto start = Clock::now();
        for (int i = 0; i < Actions; ++i, ++id)
            east.publish(actionOn(id), QStringLiteral("1:%1:9:0:0").arg(id % 50), alarmFor(id));
        pgRates.push_back(Actions / std::chrono::duration<double>(Clock::now() - start).count());

        QTemporaryDir dir;
        AlarmStore store;
        std::vector<v1::Alarm> saved;
        store.open(dir.filePath(QStringLiteral("alarms.db")), saved);
        start = Clock::now();
        for (int i = 0; i < Actions; ++i, ++id)
            store.save({ alarmFor(id) }, {}, { actionOn(id) }, true);
        sqliteRates.push_back(Actions / std::chrono::duration<double>(Clock::now() - start).count());
    }
    west.stop();
    const SharedStateStatus st = east.status();
    out << "shared state: " << st.published << " actions committed, " << st.pending << " waiting; "
        << QString::number(median(pgRates), 'f', 0) << " actions/s (SQLite journal "
        << QString::number(median(sqliteRates), 'f', 0) << "); propagation median "
        << QString::number(median(propagation), 'f', 2) << " ms, commit median "
        << QString::number(median(commitMs), 'f', 2) << " ms" << Qt::endl;
    report.add({ QStringLiteral("shared_state_actions_per_s"), median(pgRates), QStringLiteral("actions/s"),
                 median(sqliteRates), median(pgRates) / median(sqliteRates) });
    report.add({ QStringLiteral("shared_state_propagation_ms"), median(propagation), QStringLiteral("ms"),
                 median(commitMs), median(propagation) / std::max(1e-9, median(commitMs)) });
}

} // namespace vigil::bench
