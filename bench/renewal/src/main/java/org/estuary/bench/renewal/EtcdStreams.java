package org.estuary.bench.renewal;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.etcd.jetcd.api.LeaseGrpc;
import io.etcd.jetcd.api.LeaseKeepAliveRequest;
import io.etcd.jetcd.api.LeaseKeepAliveResponse;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;

/**
 * etcd keepalives the way etcd's own Go client sends them: over a long-lived {@code LeaseKeepAlive} stream, one
 * request and its answer at a time, here one stream per client (jetcd's generated {@code LeaseGrpc} stub on one
 * HTTP/2 connection). {@code Lease.keepAliveOnce} of jetcd's client opens a new stream for every keepalive; this
 * is etcd's cheaper path, so the comparison takes the better of the two.
 */
final class EtcdStreams implements AutoCloseable {

    private final ManagedChannel channel;
    private final LeaseGrpc.LeaseStub stub;

    EtcdStreams(String host, int port) {
        this.channel = NettyChannelBuilder.forAddress(host, port).usePlaintext().build();
        this.stub = LeaseGrpc.newStub(channel);
    }

    /** A client keeping lease {@code id} alive over its own stream. */
    Driver.Client client(long id) {
        BlockingQueue<Object> answers = new ArrayBlockingQueue<>(2);
        StreamObserver<LeaseKeepAliveRequest> requests = stub.leaseKeepAlive(new StreamObserver<>() {
            @Override
            public void onNext(LeaseKeepAliveResponse response) {
                answers.offer(response);
            }

            @Override
            public void onError(Throwable failure) {
                answers.offer(failure);
            }

            @Override
            public void onCompleted() {
                answers.offer(new IllegalStateException("etcd closed the keepalive stream"));
            }
        });
        LeaseKeepAliveRequest request = LeaseKeepAliveRequest.newBuilder().setID(id).build();
        return () -> {
            requests.onNext(request);
            Object answer = answers.poll(30, TimeUnit.SECONDS);
            if (answer == null) {
                throw new TimeoutException("no keepalive answer for etcd lease " + id + " within 30 s");
            }
            if (answer instanceof Throwable) {
                throw new IllegalStateException("keepalive stream of etcd lease " + id + " failed",
                        (Throwable) answer);
            }
            if (((LeaseKeepAliveResponse) answer).getTTL() <= 0) {
                throw new IllegalStateException("etcd lease " + id + " is gone");
            }
        };
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow();
        channel.awaitTermination(10, TimeUnit.SECONDS);
    }
}
