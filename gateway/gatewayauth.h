// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/operators.h"
#include "gateway/throttledtally.h"

#include <grpcpp/security/auth_metadata_processor.h>
#include <grpcpp/support/string_ref.h>

#include <QDateTime>
#include <QString>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace vigil {

// The operators file as it is now: read again, without a restart, when it changes on disk.
// A change that does not parse is reported and ignored, so a typo never locks everybody out.
class OperatorsFile
{
public:
    // Reads `path` once; on a problem returns nullptr and sets `error`.
    static std::unique_ptr<OperatorsFile> open(const QString &path, std::function<void(const QString &)> log,
                                               QString *error);

    // The registry in force. Looks at the file at most once per `recheck`.
    std::shared_ptr<const OperatorRegistry> current();
    void setRecheckInterval(std::chrono::milliseconds recheck) { m_recheck = recheck; }
    QString path() const { return m_path; }
    // A call refused for its token: counted, and said at most once every ten seconds with how
    // many (a stranger guessing tokens leaves a trace; a flood of refusals fills no log).
    void noteRefusal();

private:
    OperatorsFile() = default;
    struct Stamp
    {
        QDateTime modified;
        qint64 size = -1;
        bool operator==(const Stamp &) const = default;
    };
    Stamp stampNow() const;
    // Says so when the file can be read by every user of the machine: its tokens are anybody's.
    void checkPermissions() const;

    QString m_path;
    std::function<void(const QString &)> m_log;
    std::chrono::milliseconds m_recheck { 1000 };
    std::mutex m_mutex;
    std::shared_ptr<const OperatorRegistry> m_registry;
    Stamp m_stamp;
    std::chrono::steady_clock::time_point m_checkedAt;
    ThrottledTally m_refusals { std::chrono::seconds(10) };
};

// Who is calling, read from one call's own metadata (its "authorization: Bearer <token>").
// Each call is identified by itself: never through state that gRPC shares between the calls
// of one connection (its AuthContext is one per HTTP/2 connection, so a name written there by
// one call would be read by every other). Empty, with the reason in `refusal`, when the call
// carries no token, more than one, or one this gateway does not know.
using CallMetadata = std::multimap<grpc::string_ref, grpc::string_ref>;
std::optional<OperatorIdentity> identifyCaller(OperatorsFile &operators, const CallMetadata &metadata,
                                               QString *refusal);

// The gate in front of every RPC a gateway that knows its people serves: its own service,
// health and reflection alike. gRPC runs it before a call reaches a handler; a missing or
// unknown token ends the call UNAUTHENTICATED there. It only admits or refuses: it leaves
// nothing behind, and the gateway's own handlers identify the caller again, per call, with
// `identifyCaller` (what an operator may do depends on who they are).
class GatewayAuthenticator final : public grpc::AuthMetadataProcessor
{
public:
    explicit GatewayAuthenticator(std::shared_ptr<OperatorsFile> operators);

    grpc::Status Process(const InputMetadata &metadata, grpc::AuthContext *context, OutputMetadata *consumed,
                         OutputMetadata *response) override;
    // Token look-ups are in memory: no need for gRPC's separate thread.
    bool IsBlocking() const override { return false; }

private:
    std::shared_ptr<OperatorsFile> m_operators;
};

} // namespace vigil
