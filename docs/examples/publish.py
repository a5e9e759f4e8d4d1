#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An agent that publishes to vigil-gateway: the smallest useful Publish client.

Generate the Python stubs from the contract first:

    protoc -I proto --python_out=gen --grpc_out=gen \
        --plugin=protoc-gen-grpc=/usr/bin/grpc_python_plugin proto/vigil/v1/*.proto

then run, for example:

    PYTHONPATH=gen python3 docs/examples/publish.py --gateway 127.0.0.1:50051 \
        --gpu-uuid GPU-000000a0-1111-2222-3333-000000000000 --temperature 71 --xid 79

It looks the GPU up in the gateway's topology, sends one sample (GPU temperature)
and, if asked, one Xid event, and prints what the gateway accepted.
"""
import argparse
import os
import sys
import time

import grpc
from vigil.v1 import gateway_pb2, gateway_pb2_grpc, telemetry_pb2


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gateway", default="127.0.0.1:50051")
    parser.add_argument("--gpu-uuid", required=True)
    parser.add_argument("--temperature", type=float, required=True, help="GPU temperature in °C")
    parser.add_argument("--xid", type=int, help="also report this Xid on the GPU")
    parser.add_argument("--token", default=os.environ.get("VIGIL_TOKEN", ""),
                        help="an agent's token, when the gateway has --operators (default: $VIGIL_TOKEN)")
    parser.add_argument("--tls-ca", default=os.environ.get("VIGIL_TLS_CA", ""),
                        help="reach the gateway over TLS, trusting this authority (PEM; default: $VIGIL_TLS_CA)")
    args = parser.parse_args()

    metadata = [("authorization", "Bearer " + args.token)] if args.token else []
    if args.tls_ca:
        with open(args.tls_ca, "rb") as authority:
            channel = grpc.secure_channel(args.gateway, grpc.ssl_channel_credentials(root_certificates=authority.read()))
    else:
        channel = grpc.insecure_channel(args.gateway)
    stub = gateway_pb2_grpc.GatewayStub(channel)
    try:
        topology = stub.GetTopology(gateway_pb2.GetTopologyRequest(), timeout=5, metadata=metadata)
    except grpc.RpcError as error:
        sys.exit("refused: %s (%s)" % (error.details(), error.code().name))
    gpu = next((i for i, g in enumerate(topology.gpus) if g.uuid == args.gpu_uuid), None)
    if gpu is None:
        sys.exit("no GPU %s in the gateway's topology" % args.gpu_uuid)

    # Metric ids come from the stream's dictionary: read it from the first message.
    first = next(stub.Subscribe(gateway_pb2.SubscribeRequest(), timeout=5, metadata=metadata))
    ids = {m.name: m.id for m in first.dictionary.metrics}

    now_ms = int(time.time() * 1000)
    sample = telemetry_pb2.MetricBlock(metric_id=ids["DCGM_FI_DEV_GPU_TEMP"], indices=[gpu], values=[args.temperature])
    requests = [gateway_pb2.PublishRequest(source="publish.py",
                                           samples=telemetry_pb2.Samples(time_ms=now_ms, blocks=[sample]))]
    if args.xid:
        event = telemetry_pb2.Event(time_ms=now_ms, type=telemetry_pb2.EVENT_TYPE_XID, code=args.xid,
                                    severity=telemetry_pb2.SEVERITY_CRITICAL,
                                    entity=telemetry_pb2.EntityRef(kind=telemetry_pb2.ENTITY_KIND_GPU, index=gpu),
                                    message="reported by publish.py")
        requests.append(gateway_pb2.PublishRequest(source="publish.py", events=telemetry_pb2.Events(events=[event])))
    try:
        reply = stub.Publish(iter(requests), timeout=5, metadata=metadata)
    except grpc.RpcError as error:
        sys.exit("refused: %s (%s)" % (error.details(), error.code().name))
    print("accepted %d, rejected %d%s" % (reply.accepted, reply.rejected,
                                          (": " + reply.first_error) if reply.first_error else ""))


if __name__ == "__main__":
    main()
