// SPDX-License-Identifier: GPL-3.0-or-later
// A recommended action handed to the site (docs/hand-off.md): the remedy each warning calls for,
// checked against NVIDIA's catalogue; the hand-off file's rules; an operator's hand-off through a
// real gateway to a real webhook and a real script, refused to those who may not, journalled with
// the site's answer, recorded and read back; and nothing handed off without an operator unless
// the site turns it on.
#include "analysis/nexttofail.h"
#include "analysis/recommendations.h"
#include "analysisfixture.h"
#include "domain/entitynames.h"
#include "domain/nvlinkerror.h"
#include "domain/remedy.h"
#include "domain/xidcatalog.h"
#include "gatewayfixture.h"
#include "host/handoff.h"
#include "httpfixture.h"
#include "recording/recorder.h"
#include "recording/recordingreader.h"
#include "recording/streamrecording.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>

using namespace vigil;
using namespace vigil::test;

namespace {

const QString OperatorToken = QStringLiteral("op-token-0123456789abcdef");
const QString NightToken = QStringLiteral("op-token-night-0123456789");
const QString ViewerToken = QStringLiteral("view-token-0123456789abcdef");

// NVIDIA's catalogue, as published (../shared/reference/nvidia_xid_reference_subset.csv): each
// Xid's immediate action. Read by hand, apart from the code under test.
const std::vector<std::pair<int, const char *>> CatalogueActions {
    { 8, "RESTART_APP" },
    { 13, "RESTART_APP" },
    { 31, "RESTART_APP" },
    { 32, "RESTART_APP" },
    { 43, "IGNORE" },
    { 45, "WORKFLOW_XID_45" },
    { 46, "RESET_GPU" },
    { 48, "WORKFLOW_XID_48" },
    { 61, "CONTACT_SUPPORT" },
    { 62, "RESET_GPU" },
    { 63, "IGNORE" },
    { 64, "RESET_GPU" },
    { 74, "WORKFLOW_NVLINK_ERR" },
    { 79, "RESTART_BM" },
    { 92, "IGNORE" },
    { 94, "RESTART_APP" },
    { 95, "RESET_GPU" },
    { 109, "RESET_GPU" },
    { 119, "RESET_GPU" },
    { 120, "RESET_GPU" },
    { 136, "RESET_GPU" },
    { 137, "IGNORE" },
    { 140, "RESET_GPU" },
    { 143, "RESET_GPU" },
    { 154, "XID_154" },
    { 158, "RESET_GPU" },
};

// The reference: what each of the catalogue's actions means for a site. The application's own
// faults (13, 31, 43, 45 by the catalogue's origin) go back to the job's owner, whatever the action.
Remedy referenceRemedy(int xid, const QString &action)
{
    if (xid == 13 || xid == 31 || xid == 43 || xid == 45)
        return Remedy::RestartJob;
    if (action == QLatin1String("RESTART_APP"))
        return Remedy::RestartJob;
    if (action == QLatin1String("RESET_GPU") || action == QLatin1String("WORKFLOW_XID_48"))
        return Remedy::ResetGpu;
    if (action == QLatin1String("RESTART_BM"))
        return Remedy::RebootNode;
    if (action == QLatin1String("CONTACT_SUPPORT") || action == QLatin1String("WORKFLOW_NVLINK_ERR"))
        return Remedy::Diagnose;
    return Remedy::None; // IGNORE, and 154 (it only summarises another Xid's action)
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &text, bool executable = false)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text);
    f.close();
    if (executable)
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

grpc::Status handOff(const QString &address, const QString &token, uint32_t gpu, v1::Remedy remedy,
                     const std::string &comment = {}, v1::ActResponse *reply = nullptr)
{
    auto stub = stubFor(address);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    if (!token.isEmpty())
        context.AddMetadata("authorization", (QStringLiteral("Bearer ") + token).toStdString());
    v1::ActRequest request;
    request.set_action(v1::EVENT_TYPE_HAND_OFF);
    request.mutable_entity()->set_kind(v1::ENTITY_KIND_GPU);
    request.mutable_entity()->set_index(gpu);
    request.set_remedy(remedy);
    request.set_drain_first(true);
    request.set_comment(comment);
    request.set_operator_name("someone");
    v1::ActResponse ignored;
    return stub->Act(&context, request, reply ? reply : &ignored);
}

// The events of `types` a dashboard has been sent so far (kept in `seen`).
std::vector<Event> eventsOf(LiveCluster &cluster, std::vector<Event> &seen, std::set<EventType> types)
{
    for (Event &e : cluster.takeEvents())
        seen.push_back(std::move(e));
    std::vector<Event> out;
    for (const Event &e : seen)
        if (types.count(e.type))
            out.push_back(e);
    return out;
}

// A webhook that keeps what it was sent and answers as told.
struct Webhook
{
    QMutex mutex;
    std::vector<QByteArray> bodies;
    QByteArray status = "201 Created";
    QByteArray answer = "INC-4411\nthanks";
    HttpFixture server { [this](const QByteArray &request) {
        QMutexLocker lock(&mutex);
        bodies.push_back(request.mid(request.indexOf("\r\n\r\n") + 4));
        return QByteArray("HTTP/1.0 ") + status + "\r\nContent-Length: " + QByteArray::number(answer.size())
            + "\r\n\r\n" + answer;
    } };
    std::vector<QByteArray> received()
    {
        QMutexLocker lock(&mutex);
        return bodies;
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1/vigil").arg(server.port()); }
};

} // namespace

class TestHandOff : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;

    QString writeOperators()
    {
        return writeFile(dir, QStringLiteral("operators"),
                         QStringLiteral("%1 a.nakamura operator\n%2 night.shift operator\n%3 wallscreen viewer\n")
                             .arg(OperatorToken, NightToken, ViewerToken)
                             .toUtf8());
    }

private Q_SLOTS:
    void everyXidGetsTheCataloguesAction()
    {
        for (const auto &[xid, action] : CatalogueActions) {
            const Recommendation r = recommendRemedy(WarningSign { EventType::Xid, xid, EntityKind::Gpu });
            QVERIFY2(
                r.remedy == referenceRemedy(xid, QString::fromLatin1(action)),
                qPrintable(
                    QStringLiteral("Xid %1 (%2): %3").arg(xid).arg(QString::fromLatin1(action), remedyKey(r.remedy))));
            // Drained at once when a job on the GPU would die of it.
            QCOMPARE(r.drainFirst, xidIsJobFatal(xid));
            QCOMPARE(r.because.code, xid);
        }
    }

    void theMostThoroughCallWinsOnOnePart()
    {
        const auto of = [](std::vector<WarningSign> w) { return recommendRemedy(w); };
        QCOMPARE(of({}).remedy, Remedy::None);
        QCOMPARE(of({ { EventType::EccSingleBit, 0, EntityKind::Gpu } }).remedy, Remedy::None);
        QCOMPARE(of({ { EventType::ThermalThrottle, 0, EntityKind::Gpu } }).remedy, Remedy::CheckCooling);
        QCOMPARE(of({ { EventType::PduOverThreshold, 0, EntityKind::Pdu } }).remedy, Remedy::CheckPower);
        QCOMPARE(of({ { EventType::IbLinkFlap, 0, EntityKind::Node } }).remedy, Remedy::CheckNetwork);
        QCOMPARE(of({ { EventType::Straggler, 0, EntityKind::Gpu } }).remedy, Remedy::Diagnose);
        // A GPU going silent is drained and reset before it falls off the bus.
        const Recommendation silent = of({ { EventType::GpuSilent, 0, EntityKind::Gpu } });
        QCOMPARE(silent.remedy, Remedy::ResetGpu);
        QVERIFY(silent.drainFirst);
        // Heat and a double-bit error: the reset; and the cause named is the error.
        const Recommendation hot = of({ { EventType::ThermalThrottle, 0, EntityKind::Gpu },
                                        { EventType::EccDoubleBit, 0, EntityKind::Gpu },
                                        { EventType::EccSingleBit, 0, EntityKind::Gpu } });
        QCOMPARE(hot.remedy, Remedy::ResetGpu);
        QCOMPARE(hot.because.type, EventType::EccDoubleBit);
        // A repair that did not hold: replace it, whatever else it says.
        QCOMPARE(
            of({ { EventType::Xid, 79, EntityKind::Gpu }, { EventType::RepeatFailure, 79, EntityKind::Gpu } }).remedy,
            Remedy::Replace);
        // The site's policy: an NVSwitch's SXids reboot the node; two fatal Xids replace the GPU;
        // contained errors piling up reset it.
        QCOMPARE(of({ { EventType::PolicyThreshold, 11004, EntityKind::Switch } }).remedy, Remedy::RebootNode);
        QCOMPARE(of({ { EventType::PolicyThreshold, 48, EntityKind::Gpu } }).remedy, Remedy::Replace);
        QCOMPARE(of({ { EventType::PolicyThreshold, 94, EntityKind::Gpu } }).remedy, Remedy::ResetGpu);
        // Every remedy has a key, and the key names it back.
        for (int r = 0; r < RemedyCount; ++r)
            QCOMPARE(remedyFromKey(remedyKey(Remedy(r))), std::optional<Remedy>(Remedy(r)));
        QVERIFY(!remedyFromKey(QStringLiteral("format-c")));
    }

    // Xid 74's registers name the failing link and the kind of fault, as NVIDIA's NVLink error
    // workflow reads them; the recommendation follows.
    void anNvlinkErrorsRegistersNameTheLinkAndTheFault()
    {
        const QString line = QStringLiteral("NVRM: Xid (PCI:0000:07:00): 74, pid='<unknown>', name=<unknown>, NVLink: "
                                            "fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)");
        const std::optional<NvlinkErrorRegisters> read = parseNvlinkError(line);
        QVERIFY(read);
        QCOMPARE(read->link, 14);
        QCOMPARE(read->registers[2], 0x10000u);
        // The workflow's classes, register by register and bit by bit (Hopper), written from its text.
        struct Case
        {
            int reg, bit;
            NvlinkFault fault;
        };
        const Case cases[] = {
            { 0, 0, NvlinkFault::None },
            { 0, 23, NvlinkFault::None },
            { 0, 30, NvlinkFault::None },
            { 0, 1, NvlinkFault::Secondary },
            { 0, 20, NvlinkFault::Secondary },
            { 0, 4, NvlinkFault::EccParity },
            { 0, 5, NvlinkFault::EccParity },
            { 0, 8, NvlinkFault::Mechanical },
            { 0, 9, NvlinkFault::Mechanical },
            { 0, 12, NvlinkFault::Mechanical },
            { 0, 16, NvlinkFault::Mechanical },
            { 0, 17, NvlinkFault::Mechanical },
            { 0, 24, NvlinkFault::Mechanical },
            { 0, 28, NvlinkFault::Mechanical },
            { 0, 21, NvlinkFault::SignalIntegrity },
            { 0, 22, NvlinkFault::SignalIntegrity },
            { 0, 27, NvlinkFault::Repeated },
            { 0, 29, NvlinkFault::Repeated },
            { 2, 0, NvlinkFault::EccParity },
            { 2, 6, NvlinkFault::EccParity },
            { 2, 13, NvlinkFault::Unexpected },
            { 2, 16, NvlinkFault::Repeated },
            { 2, 18, NvlinkFault::Repeated },
            { 3, 16, NvlinkFault::Secondary },
            { 3, 18, NvlinkFault::Secondary },
            { 4, 18, NvlinkFault::EccParity },
            { 4, 28, NvlinkFault::EccParity },
            { 4, 20, NvlinkFault::EccThreshold },
            { 4, 29, NvlinkFault::EccThreshold },
            { 0, 2, NvlinkFault::Unexpected },
            { 3, 0, NvlinkFault::Unexpected },
        };
        for (const Case &c : cases) {
            NvlinkErrorRegisters r;
            r.link = 3;
            r.registers[size_t(c.reg)] = 1u << c.bit;
            const NvlinkDiagnosis d = diagnoseNvlinkError(r);
            QVERIFY2(
                d.fault == c.fault,
                qPrintable(
                    QStringLiteral("register %1 bit %2: %3").arg(c.reg).arg(c.bit).arg(nvlinkDiagnosisKey(d.fault))));
            if (c.fault != NvlinkFault::None)
                QVERIFY(d.registerIndex == c.reg && d.bit == c.bit);
        }
        // Registers 1, 5 and 6 are not read; several bits: the most actionable wins.
        NvlinkErrorRegisters both;
        both.registers = { (1u << 1) | (1u << 8), 0xffffffffu, 0, 0, 1u << 20, 0xffffffffu, 0xffffffffu };
        QCOMPARE(diagnoseNvlinkError(both).fault, NvlinkFault::Mechanical);

        // What is recommended follows: a connection to reseat, a threshold to live with, a
        // secondary error that leaves the decision to the other warning.
        const auto remedyOf = [](const QString &registers) {
            return recommendRemedy(WarningSign {
                EventType::Xid, 74, EntityKind::Gpu,
                QStringLiteral("NVRM: Xid (PCI:0000:07:00): 74, NVLink: fatal error detected on link 2(%1)")
                    .arg(registers) });
        };
        QCOMPARE(remedyOf(QStringLiteral("0x100, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0")).remedy, Remedy::Reseat);
        QVERIFY(remedyOf(QStringLiteral("0x100, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0")).drainFirst);
        QCOMPARE(remedyOf(QStringLiteral("0x0, 0x0, 0x0, 0x0, 0x100000, 0x0, 0x0")).remedy, Remedy::None);
        QCOMPARE(remedyOf(QStringLiteral("0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0")).remedy, Remedy::Diagnose);
        QVERIFY(!remedyOf(QStringLiteral("0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0")).drainFirst);
        // A line without registers: the catalogue's action for Xid 74.
        QCOMPARE(
            recommendRemedy(WarningSign { EventType::Xid, 74, EntityKind::Gpu, QStringLiteral("NVLINK Error") }).remedy,
            Remedy::Diagnose);

        // The site is told the link and the fault with the hand-off.
        Alarm nvlink;
        nvlink.id = 5;
        nvlink.entity = { EntityKind::Gpu, 0 };
        nvlink.sourceType = EventType::Xid;
        nvlink.code = 74;
        nvlink.message = line;
        Event handOff;
        handOff.id = 9;
        handOff.type = EventType::HandOff;
        handOff.entity = nvlink.entity;
        handOff.code = int32_t(Remedy::Diagnose);
        const QJsonObject sent
            = QJsonDocument::fromJson(handOffPayload(handOff, Topology {}, nvlink, QStringLiteral("g"))).object();
        QCOMPARE(sent.value(QStringLiteral("nvlink")).toObject().value(QStringLiteral("link")).toInt(), 14);
        QCOMPARE(sent.value(QStringLiteral("nvlink")).toObject().value(QStringLiteral("fault")).toString(),
                 QStringLiteral("report_if_repeated"));

        // Malformed, truncated and hostile lines are not read.
        for (const char *bad :
             { "link 14(0x0, 0x0, 0x0, 0x0, 0x0, 0x0)", "link 14(0x0, 0x0, 0x0, 0x0, 0x0, 0x0, zz)",
               "link (0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)", "link 1234(0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)",
               "link 14(0x123456789, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)", "link 14(0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0", "" })
            QVERIFY2(!parseNvlinkError(QString::fromLatin1(bad)), bad);
    }

    // The incident's, the debt's and "next to fail"'s recommendations read Xid 74's registers as
    // the alarm's does: a run of warnings keeps its latest words. Xids of different codes, and
    // stragglers of different causes, are runs of their own.
    void theDebtReadsXid74sRegistersToo()
    {
        Event xid;
        xid.id = 1;
        xid.timeMs = 1000;
        xid.type = EventType::Xid;
        xid.severity = Severity::Warning;
        xid.entity = { EntityKind::Gpu, 3 };
        xid.code = 74;
        xid.message = QStringLiteral("NVRM: Xid (PCI:0000:07:00): 74, NVLink: fatal error detected on link 2(0x100, "
                                     "0x0, 0x0, 0x0, 0x0, 0x0, 0x0)");
        Event other = xid;
        other.id = 2;
        other.timeMs = 2000;
        other.code = 31;
        other.message = QStringLiteral("NVRM: Xid (PCI:0000:07:00): 31, MMU Fault");
        Attributor attributor;
        attributor.setTopology(labTopology(64));
        attributor.addEvents({ xid, other });
        const std::vector<WarningRun> runs = attributor.runs(0, 10000);
        QCOMPARE(runs.size(), size_t(2));
        const auto nvlink = std::find_if(runs.begin(), runs.end(), [](const WarningRun &r) { return r.code == 74; });
        QVERIFY(nvlink != runs.end());
        QCOMPARE(nvlink->message, xid.message);
        DebtItem debt;
        debt.warnings = *nvlink;
        QCOMPARE(recommendForRisk(debt).recommendation.remedy, Remedy::Reseat);
        AtRisk risk;
        risk.entity = nvlink->entity;
        risk.warning = EventType::Xid;
        risk.code = 74;
        risk.message = nvlink->message;
        QCOMPARE(recommendForRisk(risk).recommendation.remedy, Remedy::Reseat);
    }

    void theHandOffFileSaysWhatItMeans()
    {
        const QString token = writeFile(dir, QStringLiteral("ticket.token"), "s3cr3t-ticket-token\n");
        HandOffSettings s;
        const QByteArray good
            = QString::fromLatin1("{ \"webhook\": { \"url\": \"https://tickets.example/vigil\",\n"
                                  "            \"bearer_token_file\": \"%1\", \"timeout_s\": 4 }, \"script\": { "
                                  "\"path\": \"/usr/local/sbin/hand-off\" },\n"
                                  "            \"operators\": [ \"a.nakamura\" ],\n"
                                  "            \"automatic\": { \"remedies\": [ \"reset-gpu\", \"reboot-node\" ], "
                                  "\"min_priority\": \"high\", \"max_per_hour\": 2 } }")
                  .arg(token)
                  .toUtf8();
        QCOMPARE(parseHandOffSettings(good, QStringLiteral("h.json"), s), QString());
        QCOMPARE(s.webhookUrl, QStringLiteral("https://tickets.example/vigil"));
        QCOMPARE(s.webhook.bearerToken, QStringLiteral("s3cr3t-ticket-token"));
        QCOMPARE(s.webhook.timeout, std::chrono::milliseconds(4000));
        QCOMPARE(s.scriptPath, QStringLiteral("/usr/local/sbin/hand-off"));
        QCOMPARE(s.scriptTimeout, std::chrono::milliseconds(30000));
        QCOMPARE(s.operators, QSet<QString> { QStringLiteral("a.nakamura") });
        QCOMPARE(s.automatic, (std::set<Remedy> { Remedy::ResetGpu, Remedy::RebootNode }));
        QCOMPARE(s.automaticFrom, AlarmPriority::High);
        QCOMPARE(s.automaticPerHour, 2);

        // Nothing automatic unless the file says so.
        HandOffSettings plain;
        QCOMPARE(parseHandOffSettings("{ \"script\": { \"path\": \"/bin/true\" } }", QStringLiteral("p"), plain),
                 QString());
        QVERIFY(plain.automatic.empty());
        QVERIFY(plain.operators.isEmpty());

        const std::vector<std::pair<QByteArray, const char *>> bad {
            { "{", "not JSON" },
            { "[]", "not an object" },
            { "{}", "name a \"webhook\", a \"script\" or both" },
            { "{ \"webhook\": { \"url\": \"ftp://x\" } }", "\"url\" is not an http:// or https:// URL" },
            { "{ \"webhook\": { \"url\": \"http://x\", \"retries\": 9 } }", "unknown field" },
            { "{ \"webhook\": { \"url\": \"http://x\", \"timeout_s\": 0 } }",
              "\"timeout_s\" is not a number of seconds" },
            { "{ \"webhook\": { \"url\": \"http://x\", \"timeout_s\": \"10\" } }", "\"timeout_s\" is not a number" },
            { "{ \"webhook\": { \"url\": \"http://x\", \"bearer_token_file\": \"/nonexistent/t\" } }",
              "bearer_token_file" },
            { "{ \"script\": { \"path\": \"hand-off.sh\" } }", "\"path\" is not an absolute path" },
            { "{ \"script\": { \"path\": \"/bin/true\", \"timeout_s\": 601 } }", "from 1 to 600" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"operators\": \"a.nakamura\" }", "not a list of names" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"operators\": [ \"\" ] }", "a name is 1 to 64 characters" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"automatic\": { \"remedies\": [] } }",
              "not a list of remedies" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"automatic\": { \"remedies\": [ \"format-c\" ] } }",
              "\"format-c\" is not a remedy" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"automatic\": { \"remedies\": [ \"none\" ] } }",
              "is not a remedy" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"automatic\": { \"remedies\": [ \"reseat\" ], "
              "\"min_priority\": \"red\" } }",
              "\"min_priority\" is not low, medium, high or critical" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"automatic\": { \"remedies\": [ \"reseat\" ], "
              "\"max_per_hour\": 1.5 } }",
              "\"max_per_hour\" is not a whole number from 1 to 60" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"automatic\": { \"remedies\": [ \"reseat\" ], "
              "\"max_per_hour\": 61 } }",
              "from 1 to 60" },
            { "{ \"script\": { \"path\": \"/bin/true\" }, \"later\": 1 }", "unknown field" },
        };
        for (const auto &[text, why] : bad) {
            HandOffSettings kept = s;
            const QString error = parseHandOffSettings(text, QStringLiteral("site.json"), kept);
            QVERIFY2(error.startsWith(QStringLiteral("site.json")) && error.contains(QLatin1String(why)),
                     qPrintable(QStringLiteral("%1 -> %2").arg(QString::fromUtf8(text), error)));
            QCOMPARE(kept.webhookUrl, s.webhookUrl); // nothing taken
        }
        QVERIFY(
            readHandOffSettings(dir.filePath(QStringLiteral("missing.json")), s).contains(QLatin1String("missing")));
    }

    // The whole path an operator takes: the dashboard's Act, the gateway's checks, the webhook's
    // answer journalled, and a dashboard recording both.
    void anOperatorHandsOffAndTheSitesAnswerIsKept()
    {
        Webhook webhook;
        GatewayOptions options = testGatewayOptions();
        options.operatorsPath = writeOperators();
        options.handOffPath
            = writeFile(dir, QStringLiteral("hand-off.json"),
                        QString::fromLatin1("{ \"webhook\": { \"url\": \"%1\" }, \"operators\": [ \"a.nakamura\" ] }")
                            .arg(webhook.url())
                            .toUtf8());
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        QVERIFY(server->handOff());

        const QString path = dir.filePath(QStringLiteral("hand-off.vigil"));
        Recorder recorder({ path });
        QCOMPARE(recorder.start(), QString());
        StreamRecording tap(&recorder);
        LiveCluster cluster;
        ClientOptions client;
        client.address = server->address();
        client.token = ViewerToken;
        client.observer = tap.observer();
        TelemetryClient dashboard(client, cluster);
        dashboard.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 10000);

        // A viewer may not; an operator the file does not name may not; neither reaches the site.
        QCOMPARE(handOff(server->address(), ViewerToken, 42, v1::REMEDY_RESET_GPU).error_code(),
                 grpc::StatusCode::PERMISSION_DENIED);
        const grpc::Status night = handOff(server->address(), NightToken, 42, v1::REMEDY_RESET_GPU);
        QCOMPARE(night.error_code(), grpc::StatusCode::PERMISSION_DENIED);
        QVERIFY2(QString::fromStdString(night.error_message()).contains(QLatin1String("night.shift may not hand off")),
                 night.error_message().c_str());
        // Nonsense is refused with the reason.
        QCOMPARE(handOff(server->address(), OperatorToken, 42, v1::REMEDY_NONE).error_code(),
                 grpc::StatusCode::INVALID_ARGUMENT);
        QCOMPARE(handOff(server->address(), OperatorToken, 42, v1::Remedy(77)).error_code(),
                 grpc::StatusCode::INVALID_ARGUMENT);
        QCOMPARE(handOff(server->address(), OperatorToken, 99999, v1::REMEDY_RESET_GPU).error_code(),
                 grpc::StatusCode::NOT_FOUND);
        QCOMPARE(webhook.server.requests(), 0);

        v1::ActResponse reply;
        const grpc::Status taken
            = handOff(server->address(), OperatorToken, 42, v1::REMEDY_RESET_GPU, "Xid 48 twice tonight", &reply);
        QVERIFY2(taken.ok(), taken.error_message().c_str());
        QTRY_COMPARE_WITH_TIMEOUT(webhook.received().size(), size_t(1), 10000);

        // What the site received: the remedy, the part by name, who, why.
        const QJsonObject payload = QJsonDocument::fromJson(webhook.received().front()).object();
        const Topology &topology = *server->journal().topology();
        QCOMPARE(payload.value(QStringLiteral("kind")).toString(), QStringLiteral("vigil.hand_off"));
        QCOMPARE(payload.value(QStringLiteral("remedy")).toString(), QStringLiteral("reset-gpu"));
        QCOMPARE(payload.value(QStringLiteral("drain_first")).toBool(), true);
        QCOMPARE(payload.value(QStringLiteral("operator")).toString(), QStringLiteral("a.nakamura"));
        QCOMPARE(payload.value(QStringLiteral("automatic")).toBool(), false);
        QCOMPARE(payload.value(QStringLiteral("comment")).toString(), QStringLiteral("Xid 48 twice tonight"));
        QCOMPARE(payload.value(QStringLiteral("id")).toString(), QString::number(reply.event_id()));
        const QJsonObject entity = payload.value(QStringLiteral("entity")).toObject();
        QCOMPARE(entity.value(QStringLiteral("kind")).toString(), QStringLiteral("gpu"));
        QCOMPARE(entity.value(QStringLiteral("uuid")).toString(), topology.gpus[42].uuid);
        QCOMPARE(entity.value(QStringLiteral("host")).toString(), topology.nodes[topology.gpus[42].nodeIndex].hostname);

        // Every dashboard sees the hand-off and the answer; the answer names the ticket.
        std::vector<Event> seen;
        QTRY_VERIFY_WITH_TIMEOUT(eventsOf(cluster, seen, { EventType::HandOffAnswer }).size() == 1, 10000);
        const std::vector<Event> handOffs = eventsOf(cluster, seen, { EventType::HandOff });
        QCOMPARE(handOffs.size(), size_t(1));
        QCOMPARE(handOffs.front().id, reply.event_id());
        QCOMPARE(handOffs.front().operatorName, QStringLiteral("a.nakamura"));
        QCOMPARE(Remedy(handOffs.front().code), Remedy::ResetGpu);
        QCOMPARE(handOffs.front().value, 1.0);
        const Event answer = eventsOf(cluster, seen, { EventType::HandOffAnswer }).front();
        QCOMPARE(answer.targetEventId, reply.event_id());
        QCOMPARE(answer.code, 201);
        QCOMPARE(answer.message, QStringLiteral("INC-4411"));
        QCOMPARE(answer.severity, Severity::Info);
        QCOMPARE(answer.operatorName, QStringLiteral("webhook"));
        QCOMPARE(answer.entity, (EntityRef { EntityKind::Gpu, 42 }));
        QCOMPARE(server->handOff()->answered(), uint64_t(1));

        // The recording keeps both, as sent: a replay shows who handed what off and what came back.
        recorder.flush();
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        const std::vector<Event> kept = reader.eventsOfTypes({ EventType::HandOff, EventType::HandOffAnswer }, 10);
        QCOMPARE(kept.size(), size_t(2));
        QCOMPARE(kept[0], handOffs.front());
        QCOMPARE(kept[1], answer);
        dashboard.stop();
    }

    void withoutAFileNothingIsHandedOff()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        QVERIFY(!server->handOff());
        const grpc::Status refused = handOff(server->address(), {}, 42, v1::REMEDY_RESEAT);
        QCOMPARE(refused.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
        QVERIFY(QString::fromStdString(refused.error_message()).contains(QLatin1String("--hand-off")));
        // The answer is the gateway's to record; a remedy on another action makes no sense.
        auto stub = stubFor(server->address());
        for (v1::EventType action : { v1::EVENT_TYPE_HAND_OFF_ANSWER, v1::EVENT_TYPE_NOTE }) {
            grpc::ClientContext context;
            v1::ActRequest request;
            request.set_action(action);
            request.set_operator_name("someone");
            request.set_comment("x");
            request.set_remedy(v1::REMEDY_REPLACE);
            v1::ActResponse reply;
            QCOMPARE(stub->Act(&context, request, &reply).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        }
        // A hostile gateway start: a hand-off file that makes no sense stops it with the reason.
        GatewayOptions options = testGatewayOptions();
        options.handOffPath
            = writeFile(dir, QStringLiteral("bad.json"), "{ \"webhook\": { \"url\": \"gopher://x\" } }");
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QLatin1String("hand-off")) && error.contains(QLatin1String("bad.json")),
                 qPrintable(error));
    }

    // A webhook that fails is tried again and its failure recorded; a script's ticket, its
    // failure and its silence are recorded as the script gave them.
    void failuresAreRecordedAsTheyCame()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        Webhook down;
        down.status = "503 Service Unavailable";
        down.answer = "maintenance";
        const QString stdinCopy = dir.filePath(QStringLiteral("stdin.json"));
        const QString script = writeFile(dir, QStringLiteral("ticket.sh"),
                                         QStringLiteral("#!/bin/sh\ncat > %1\necho \"$1 $2\" >> %1.args\n"
                                                        "case \"$1\" in\n"
                                                        "  reseat) echo 'no such host' >&2; exit 3 ;;\n"
                                                        "  replace) sleep 5 ;;\n"
                                                        "esac\necho \"RMA-77 for $2\"\n")
                                             .arg(stdinCopy)
                                             .toUtf8(),
                                         true);
        HandOffSettings settings;
        settings.webhookUrl = down.url();
        settings.scriptPath = script;
        settings.scriptTimeout = std::chrono::milliseconds(1000);
        settings.retryPause = std::chrono::milliseconds(20);
        HandOffDispatcher dispatcher(settings, server->journal(), &server->alarms(), QStringLiteral("test"));
        server->service().setHandOffRoute(&dispatcher);

        LiveCluster cluster;
        ClientOptions client;
        client.address = server->address();
        TelemetryClient dashboard(client, cluster);
        dashboard.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 10000);
        const Topology &topology = *server->journal().topology();
        std::vector<Event> seen;
        const auto answersTo = [&](uint64_t id) {
            std::map<QString, Event> byDestination;
            for (const Event &e : eventsOf(cluster, seen, { EventType::HandOffAnswer }))
                if (e.targetEventId == id)
                    byDestination[e.operatorName] = e;
            return byDestination;
        };

        v1::ActResponse reset;
        QVERIFY(handOff(server->address(), {}, 7, v1::REMEDY_RESET_GPU, {}, &reset).ok());
        QTRY_COMPARE_WITH_TIMEOUT(answersTo(reset.event_id()).size(), size_t(2), 10000);
        const Event webhookAnswer = answersTo(reset.event_id()).at(QStringLiteral("webhook"));
        QCOMPARE(webhookAnswer.code, 503);
        QCOMPARE(webhookAnswer.severity, Severity::Warning);
        QCOMPARE(down.server.requests(), HandOffDispatcher::Attempts);
        const Event ticket = answersTo(reset.event_id()).at(QStringLiteral("script"));
        QCOMPARE(ticket.code, 0);
        QCOMPARE(ticket.severity, Severity::Info);
        QCOMPARE(ticket.message, QStringLiteral("RMA-77 for %1").arg(entityKeyName(topology, { EntityKind::Gpu, 7 })));
        QFile copy(stdinCopy);
        QVERIFY(copy.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(copy.readAll()).object().value(QStringLiteral("id")).toString(),
                 QString::number(reset.event_id()));

        v1::ActResponse reseat;
        QVERIFY(handOff(server->address(), {}, 8, v1::REMEDY_RESEAT, {}, &reseat).ok());
        QTRY_COMPARE_WITH_TIMEOUT(answersTo(reseat.event_id()).size(), size_t(2), 10000);
        const Event refused = answersTo(reseat.event_id()).at(QStringLiteral("script"));
        QCOMPARE(refused.code, 3);
        QCOMPARE(refused.message, QStringLiteral("no such host"));
        QCOMPARE(refused.severity, Severity::Warning);

        v1::ActResponse replace;
        QVERIFY(handOff(server->address(), {}, 9, v1::REMEDY_REPLACE, {}, &replace).ok());
        QTRY_COMPARE_WITH_TIMEOUT(answersTo(replace.event_id()).size(), size_t(2), 15000);
        const Event silent = answersTo(replace.event_id()).at(QStringLiteral("script"));
        QCOMPARE(silent.code, -1);
        QVERIFY2(silent.message.startsWith(QLatin1String("no answer within 1 s")), qPrintable(silent.message));
        QCOMPARE(dispatcher.answered(), uint64_t(6));
        QCOMPARE(dispatcher.failed(), uint64_t(5)); // all but the script's first ticket
        server->service().setHandOffRoute(nullptr);
        dashboard.stop();
    }

    // Nothing is handed off without an operator unless the site lists the remedy; then at most
    // as many an hour as it allows.
    void automaticOnlyWhenTheSiteTurnsItOn()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        Webhook webhook;
        HandOffSettings off;
        off.webhookUrl = webhook.url();
        off.automaticScan = std::chrono::milliseconds(100);
        std::optional<HandOffDispatcher> quiet(std::in_place, off, server->journal(), &server->alarms(),
                                               QStringLiteral("test"));
        // An uncorrectable error: an alarm whose remedy is a reset, which nobody turned on.
        QVERIFY(publishWarning(*server, 11, v1::EVENT_TYPE_ECC_DOUBLE_BIT));
        QTRY_VERIFY_WITH_TIMEOUT(!server->alarms().alarms().empty(), 5000);
        QTest::qWait(600); // six scans
        QCOMPARE(webhook.server.requests(), 0);
        quiet.reset();

        HandOffSettings on = off;
        on.automatic = { Remedy::ResetGpu };
        on.automaticFrom = AlarmPriority::Low;
        on.automaticPerHour = 2;
        HandOffDispatcher automatic(on, server->journal(), &server->alarms(), QStringLiteral("test"));
        for (uint32_t gpu : { 20u, 21u, 22u })
            QVERIFY(publishWarning(*server, gpu, v1::EVENT_TYPE_ECC_DOUBLE_BIT));
        QTRY_COMPARE_WITH_TIMEOUT(webhook.server.requests(), 2, 10000);
        QTest::qWait(500);
        // The third waits for an operator: two an hour. GPU 11's alarm, raised before this
        // dispatcher started, is not handed off either: a restart does not hand off the backlog.
        QCOMPARE(webhook.server.requests(), 2);
        for (const QByteArray &body : webhook.received()) {
            const QJsonObject o = QJsonDocument::fromJson(body).object();
            QCOMPARE(o.value(QStringLiteral("automatic")).toBool(), true);
            QCOMPARE(o.value(QStringLiteral("operator")).toString(), QStringLiteral("vigil (automatic)"));
            QCOMPARE(o.value(QStringLiteral("remedy")).toString(), QStringLiteral("reset-gpu"));
            QCOMPARE(o.value(QStringLiteral("alarm")).toObject().value(QStringLiteral("warning")).toString(),
                     QStringLiteral("ecc_double_bit"));
        }
        // The alarm says it was handed off, for every dashboard.
        int handedOff = 0;
        for (const Alarm &a : server->alarms().alarms())
            handedOff += a.lastComment.startsWith(QLatin1String("vigil (automatic): handed off (reset-gpu)"));
        QCOMPARE(handedOff, 2);
    }
};

QTEST_GUILESS_MAIN(TestHandOff)
#include "tst_handoff.moc"
