/**
 * The Jini discovery protocols, version 1, as bytes: the multicast request and the multicast announcement (UDP
 * packets of at most {@value org.estuary.discovery.protocol.Discovery#MAX_PACKET_SIZE} bytes, split when their
 * groups do not fit in one) and the unicast request and response (TCP). Pure codecs without sockets, so a client
 * (discovering lookup services) and a server (a lookup service being discovered, or a test playing one) share one
 * definition of each layout.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.discovery.protocol;
