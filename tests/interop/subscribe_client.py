#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A Vigil client in another language, built from nothing but proto/vigil/v1/*.proto.

Generates Python stubs with protoc, starts vigil-gateway on a free loopback port,
subscribes, checks the snapshot/sync/journal order and that seq is gap-free, then
cuts the stream and resumes from the last seq. Exit status 0 when all holds.
"""
import argparse
import os
import re
import signal
import subprocess
import sys


def generate_stubs(proto_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    protos = [os.path.join("vigil", "v1", name) for name in ("topology.proto", "telemetry.proto", "gateway.proto")]
    subprocess.run(["protoc", "-I", proto_dir, "--python_out", out_dir, "--grpc_out", out_dir,
                    "--plugin=protoc-gen-grpc=/usr/bin/grpc_python_plugin", *protos], check=True)
    sys.path.insert(0, out_dir)


def start_gateway(binary):
    gateway = subprocess.Popen([binary, "--listen", "127.0.0.1:0", "--gpus", "512", "--rate", "20"],
                               stderr=subprocess.PIPE, text=True)
    line = gateway.stderr.readline()
    match = re.search(r"on (127\.0\.0\.1:\d+)", line)
    if not match:
        gateway.kill()
        raise SystemExit("gateway did not report its address: %r" % line)
    return gateway, match.group(1)


def read_journal(stream, entries, expect_first_seq=None):
    """Reads until `entries` journal entries arrived; returns (epoch, last seq, resumed flag or None)."""
    last = None
    epoch = None
    resumed = None
    count = 0
    for message in stream:
        body = message.WhichOneof("body")
        epoch = message.epoch
        if body == "sync":
            resumed = message.sync.resumed
            last = message.seq
            continue
        if message.snapshot or body in ("dictionary", "gap", "heartbeat"):
            continue
        if last is None:
            last = expect_first_seq - 1
        if message.seq != last + 1:
            raise SystemExit("seq jumped from %d to %d" % (last, message.seq))
        last = message.seq
        count += 1
        if count == entries:
            return epoch, last, resumed
    raise SystemExit("stream ended early")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--proto-dir", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()

    generate_stubs(args.proto_dir, args.work)
    import grpc
    from vigil.v1 import gateway_pb2, gateway_pb2_grpc

    gateway, address = start_gateway(args.gateway)
    try:
        channel = grpc.insecure_channel(address)
        stub = gateway_pb2_grpc.GatewayStub(channel)
        topology = stub.GetTopology(gateway_pb2.GetTopologyRequest(), timeout=5)
        assert len(topology.gpus) == 512, len(topology.gpus)

        stream = stub.Subscribe(gateway_pb2.SubscribeRequest(include_events=True, client_name="python-interop"))
        first = next(stream)
        assert first.WhichOneof("body") == "dictionary", first
        names = {m.name for m in first.dictionary.metrics}
        assert "DCGM_FI_DEV_GPU_TEMP" in names, names
        epoch, last, resumed = read_journal(stream, 40)
        assert resumed is False, "a fresh subscription ends its snapshot with Sync{resumed=false}"
        stream.cancel()

        resume = gateway_pb2.ResumePoint(epoch=epoch, last_seq=last)
        again = stub.Subscribe(gateway_pb2.SubscribeRequest(include_events=True, resume=resume))
        epoch2, last2, resumed2 = read_journal(again, 20, expect_first_seq=last + 1)
        assert epoch2 == epoch and resumed2 is True and last2 == last + 20, (epoch2, resumed2, last2)
        again.cancel()

        try:
            bad = stub.Subscribe(gateway_pb2.SubscribeRequest(metrics=["NO_SUCH_METRIC"]))
            next(bad)
            raise SystemExit("unknown metric was accepted")
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.INVALID_ARGUMENT and "NO_SUCH_METRIC" in error.details()
        # Server reflection lists the service (ServerReflectionRequest{list_services: ""} is field 7).
        reflect = channel.stream_stream("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
                                        request_serializer=lambda raw: raw, response_deserializer=lambda raw: raw)
        listing = next(reflect(iter([b"\x3a\x00"]), timeout=5))
        assert b"vigil.v1.Gateway" in listing, listing

        print("python interop: subscribed, %d gap-free journal entries, resumed at seq %d" % (last2, last + 1))
    finally:
        gateway.send_signal(signal.SIGTERM)
        code = gateway.wait(timeout=10)
    if code != 0:
        raise SystemExit("gateway exited with %d after SIGTERM" % code)


if __name__ == "__main__":
    main()
