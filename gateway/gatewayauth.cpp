// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/gatewayauth.h"

#include <QFileInfo>

namespace vigil {

namespace {

QString text(const grpc::string_ref &value)
{
    return QString::fromUtf8(value.data(), qsizetype(value.size()));
}

} // namespace

std::unique_ptr<OperatorsFile> OperatorsFile::open(const QString &path, std::function<void(const QString &)> log,
                                                   QString *error)
{
    std::unique_ptr<OperatorsFile> file(new OperatorsFile);
    file->m_path = path;
    file->m_log = std::move(log);
    file->m_stamp = file->stampNow();
    auto registry = std::make_shared<OperatorRegistry>();
    if (QString problem = registry->load(path); !problem.isEmpty()) {
        if (error)
            *error = problem;
        return nullptr;
    }
    file->m_registry = std::move(registry);
    file->m_checkedAt = std::chrono::steady_clock::now();
    file->checkPermissions();
    return file;
}

void OperatorsFile::checkPermissions() const
{
    if (m_log && (QFileInfo(m_path).permissions() & QFileDevice::ReadOther))
        m_log(QStringLiteral("WARNING: the operators file %1 can be read by every user of this machine, and its "
                             "tokens with it (chmod 600 %1)")
                  .arg(m_path));
}

void OperatorsFile::noteRefusal()
{
    if (const uint64_t refused = m_refusals.add(1); refused && m_log)
        m_log(QStringLiteral("refused %1 call(s) with a missing or unknown token since the last report").arg(refused));
}

OperatorsFile::Stamp OperatorsFile::stampNow() const
{
    const QFileInfo info(m_path);
    return info.exists() ? Stamp { info.lastModified(), info.size() } : Stamp {};
}

std::shared_ptr<const OperatorRegistry> OperatorsFile::current()
{
    std::lock_guard lock(m_mutex);
    const auto now = std::chrono::steady_clock::now();
    if (now - m_checkedAt < m_recheck)
        return m_registry;
    m_checkedAt = now;
    const Stamp stamp = stampNow();
    if (stamp == m_stamp)
        return m_registry;
    m_stamp = stamp;
    auto registry = std::make_shared<OperatorRegistry>();
    if (QString problem = registry->load(m_path); !problem.isEmpty()) {
        if (m_log)
            m_log(QStringLiteral("operators file changed but cannot be used, keeping the %1 tokens in force: %2")
                      .arg(m_registry->size())
                      .arg(problem));
        return m_registry;
    }
    if (m_log)
        m_log(QStringLiteral("operators file reloaded: %1 tokens").arg(registry->size()));
    m_registry = std::move(registry);
    checkPermissions();
    return m_registry;
}

GatewayAuthenticator::GatewayAuthenticator(std::shared_ptr<OperatorsFile> operators)
    : m_operators(std::move(operators))
{ }

grpc::Status GatewayAuthenticator::Process(const InputMetadata &metadata, grpc::AuthContext *, OutputMetadata *,
                                           OutputMetadata *)
{
    QString refusal;
    if (!identifyCaller(*m_operators, metadata, &refusal)) {
        m_operators->noteRefusal();
        return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, refusal.toStdString());
    }
    return grpc::Status::OK;
}

std::optional<OperatorIdentity> identifyCaller(OperatorsFile &operators, const CallMetadata &metadata, QString *refusal)
{
    const auto [first, last] = metadata.equal_range("authorization");
    if (first == last) {
        *refusal = QStringLiteral("this gateway needs a bearer token (authorization: Bearer <token>)");
        return std::nullopt;
    }
    // Two tokens on one call would let the gate and a handler read different people.
    if (std::next(first) != last) {
        *refusal = QStringLiteral("a call carries one bearer token, not several");
        return std::nullopt;
    }
    const QString token = OperatorRegistry::tokenFromHeader(text(first->second));
    std::optional<OperatorIdentity> who = operators.current()->byToken(token);
    if (!who)
        *refusal = QStringLiteral("unknown token");
    return who;
}

} // namespace vigil
