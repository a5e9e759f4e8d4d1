// SPDX-License-Identifier: GPL-3.0-or-later
#include "gatewayauth.h"

#include <QFileInfo>

#include <grpcpp/security/auth_context.h>

namespace vigil {

namespace {

constexpr char NameProperty[] = "vigil_name";
constexpr char RoleProperty[] = "vigil_role";
constexpr char HostProperty[] = "vigil_host"; // one per host; "*" for any

const char *roleName(OperatorIdentity::Role role)
{
    switch (role) {
    case OperatorIdentity::Role::Viewer:
        return "viewer";
    case OperatorIdentity::Role::Operator:
        return "operator";
    case OperatorIdentity::Role::Agent:
        return "agent";
    }
    return "viewer";
}

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
    return file;
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
    return m_registry;
}

GatewayAuthenticator::GatewayAuthenticator(std::shared_ptr<OperatorsFile> operators)
    : m_operators(std::move(operators))
{ }

grpc::Status GatewayAuthenticator::Process(const InputMetadata &metadata, grpc::AuthContext *context,
                                           OutputMetadata *consumed, OutputMetadata *)
{
    const auto header = metadata.find("authorization");
    if (header == metadata.end())
        return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                            "this gateway needs a bearer token (authorization: Bearer <token>)");
    const QString token = OperatorRegistry::tokenFromHeader(text(header->second));
    const std::optional<OperatorIdentity> who = m_operators->current()->byToken(token);
    if (!who)
        return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "unknown token");
    // The token stays here: handlers, logs and interceptors never see it.
    consumed->insert({ std::string("authorization"), std::string(header->second.data(), header->second.size()) });
    context->AddProperty(NameProperty, who->name.toStdString());
    context->AddProperty(RoleProperty, roleName(who->role));
    if (who->anyHost)
        context->AddProperty(HostProperty, "*");
    for (const QString &host : who->hosts)
        context->AddProperty(HostProperty, host.toStdString());
    context->SetPeerIdentityPropertyName(NameProperty);
    return grpc::Status::OK;
}

std::optional<OperatorIdentity> GatewayAuthenticator::identityOf(const grpc::AuthContext &context)
{
    const auto names = context.FindPropertyValues(NameProperty);
    const auto roles = context.FindPropertyValues(RoleProperty);
    if (names.empty() || roles.empty())
        return std::nullopt;
    OperatorIdentity who;
    who.name = text(names.front());
    const QString role = text(roles.front());
    who.role = role == QLatin1String("agent") ? OperatorIdentity::Role::Agent
        : role == QLatin1String("operator")   ? OperatorIdentity::Role::Operator
                                              : OperatorIdentity::Role::Viewer;
    for (const grpc::string_ref &host : context.FindPropertyValues(HostProperty)) {
        if (host == "*")
            who.anyHost = true;
        else
            who.hosts.insert(text(host));
    }
    return who;
}

} // namespace vigil
