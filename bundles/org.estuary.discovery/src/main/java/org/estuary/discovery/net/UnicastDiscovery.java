package org.estuary.discovery.net;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

import net.jini.core.discovery.LookupLocator;

import org.estuary.discovery.protocol.UnicastRequest;
import org.estuary.discovery.protocol.UnicastResponse;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Unicast discovery, version 1, on a connection: the discovering side sends the request and reads the response,
 * the discovered side reads the request and sends the response, whichever of them opened the connection.
 */
@ProviderType
public final class UnicastDiscovery {

    private UnicastDiscovery() {
    }

    /**
     * Discovers the lookup service at a locator: connects to each address its host resolves to until one accepts,
     * then asks. The registrar stays marshalled.
     *
     * @param locator where the lookup service is
     * @param timeoutMillis the bound on connecting and on each read
     * @return the lookup service's response
     * @throws IOException if no address accepts, or the exchange fails or does not follow the protocol
     */
    public static UnicastResponse discover(LookupLocator locator, int timeoutMillis) throws IOException {
        String host = locator.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        IOException failure = null;
        for (InetAddress address : InetAddress.getAllByName(host)) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(address, locator.getPort()), timeoutMillis);
                return ask(socket, timeoutMillis);
            } catch (IOException e) {
                failure = e;
            }
        }
        throw failure != null ? failure : new IOException("no address for " + locator);
    }

    /**
     * The discovering side of a connection: sends the request, reads the response.
     *
     * @param socket the connection
     * @param timeoutMillis the bound on each read
     * @return the response
     * @throws IOException if the exchange fails or does not follow the protocol
     */
    public static UnicastResponse ask(Socket socket, int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        UnicastRequest.write(new BufferedOutputStream(socket.getOutputStream()));
        return UnicastResponse.read(new BufferedInputStream(socket.getInputStream()));
    }

    /**
     * The discovered side of a connection: reads the request, sends the response.
     *
     * @param socket the connection
     * @param response what to answer
     * @param timeoutMillis the bound on each read
     * @throws IOException if the exchange fails or the request does not follow the protocol
     */
    public static void answer(Socket socket, UnicastResponse response, int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        UnicastRequest.read(new BufferedInputStream(socket.getInputStream()));
        OutputStream out = new BufferedOutputStream(socket.getOutputStream());
        response.write(out);
        out.flush();
    }
}
