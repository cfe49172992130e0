package net.jini.core.discovery;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.Socket;
import java.rmi.MarshalledObject;
import java.util.Locale;

import javax.net.SocketFactory;

import net.jini.core.lookup.ServiceRegistrar;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The address of one lookup service, written as the URL {@code jini://host[:port]/} (port 4160 when omitted), and
 * the means to reach it by unicast discovery. The lookup discovery service keeps sets of locators per registration
 * and removes duplicates with {@link #equals} (LD.3.1, LD.4.1.1).
 *
 * <p>Equality: two locators are equal when their ports are equal and their host strings are equal ignoring case
 * (host names are case-insensitive) and ignoring the brackets of an IPv6 literal. No name resolution is done, so
 * different names or address forms of the same machine are different locators.
 *
 * <p>Serial form (Apache River 2.2.3): {@code host}, {@code port} and {@code sf}, the socket factory unicast
 * discovery connects with. A locator made without a factory serializes {@code sf} as null and reads back as the
 * published Jini 2.x form (host and port); a locator holding a factory that is not serializable cannot be
 * serialized ({@link java.io.NotSerializableException}), as in River.
 */
@ProviderType
public class LookupLocator implements Serializable {

    private static final long serialVersionUID = 1448769379829432795L;

    /** The well-known port of the Jini discovery protocols. */
    private static final int DISCOVERY_PORT = 4160;

    /** The unicast discovery protocol version this class speaks. */
    private static final int PROTOCOL_VERSION = 1;

    /** Default for {@link #getRegistrar()} when the system property is not set: one minute. */
    private static final int DEFAULT_TIMEOUT = 60 * 1000;

    /** System property holding the timeout, in milliseconds, used by {@link #getRegistrar()}. */
    private static final String TIMEOUT_PROPERTY = "net.jini.discovery.timeout";

    /**
     * The host name or address of the lookup service, as given (an IPv6 literal may or may not be bracketed).
     *
     * @serial
     */
    protected String host;

    /**
     * The port of the lookup service, between 1 and 65535.
     *
     * @serial
     */
    protected int port;

    /**
     * The factory of the sockets {@link #getRegistrar(int)} connects with; null means plain sockets
     * ({@link Socket#Socket()}).
     *
     * @serial
     */
    protected SocketFactory sf;

    /**
     * Creates a locator from a URL of the form {@code jini://host/} or {@code jini://host:port/}. The scheme is
     * case-insensitive, the trailing slash is optional and an empty or absent port means 4160. The host may be a
     * name, an IPv4 address or a bracketed IPv6 literal; it is not resolved.
     *
     * @param url the URL
     * @throws MalformedURLException if the scheme is not {@code jini}, the URL has no host, has user information, a
     *         path other than {@code /}, a query or a fragment, or a port that is not a number between 1 and 65535
     * @throws NullPointerException if {@code url} is null
     */
    public LookupLocator(String url) throws MalformedURLException {
        if (url == null) {
            throw new NullPointerException("url is null");
        }
        int colon = url.indexOf(':');
        if (colon < 0) {
            throw new MalformedURLException("no scheme in URL: " + url);
        }
        if (!url.substring(0, colon).equalsIgnoreCase("jini")) {
            throw new MalformedURLException("URL scheme is not jini: " + url);
        }
        if (url.indexOf('?') >= 0 || url.indexOf('#') >= 0) {
            throw new MalformedURLException("query or fragment in URL: " + url);
        }
        if (!url.startsWith("//", colon + 1)) {
            throw new MalformedURLException("URL has no authority: " + url);
        }
        int start = colon + 3;
        int slash = url.indexOf('/', start);
        String authority = slash < 0 ? url.substring(start) : url.substring(start, slash);
        if (slash >= 0 && slash != url.length() - 1) {
            throw new MalformedURLException("URL has a path other than /: " + url);
        }
        if (authority.isEmpty()) {
            throw new MalformedURLException("URL has no host: " + url);
        }
        if (authority.indexOf('@') >= 0) {
            throw new MalformedURLException("URL has user information: " + url);
        }
        String h;
        String p;
        if (authority.charAt(0) == '[') {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw new MalformedURLException("unterminated IPv6 literal in URL: " + url);
            }
            h = authority.substring(0, close + 1);
            String rest = authority.substring(close + 1);
            if (rest.isEmpty()) {
                p = "";
            } else if (rest.charAt(0) == ':') {
                p = rest.substring(1);
            } else {
                throw new MalformedURLException("unexpected text after IPv6 literal in URL: " + url);
            }
            if (!isIPv6Literal(h.substring(1, h.length() - 1))) {
                throw new MalformedURLException("invalid IPv6 literal in URL: " + url);
            }
        } else {
            int c = authority.indexOf(':');
            if (c < 0) {
                h = authority;
                p = "";
            } else {
                h = authority.substring(0, c);
                p = authority.substring(c + 1);
            }
            if (!isRegName(h)) {
                throw new MalformedURLException("invalid host in URL: " + url);
            }
        }
        int n;
        if (p.isEmpty()) {
            n = DISCOVERY_PORT;
        } else {
            n = 0;
            for (int i = 0; i < p.length(); i++) {
                char ch = p.charAt(i);
                if (ch < '0' || ch > '9') {
                    throw new MalformedURLException("invalid port in URL: " + url);
                }
                n = n * 10 + (ch - '0');
                if (n > 65535) {
                    throw new MalformedURLException("port out of range in URL: " + url);
                }
            }
            if (n < 1) {
                throw new MalformedURLException("port out of range in URL: " + url);
            }
        }
        this.host = h;
        this.port = n;
    }

    /**
     * Creates a locator for the given host and port. The host is not resolved; a raw IPv6 literal (containing
     * {@code ':'}) is accepted with or without brackets.
     *
     * @param host the host name or address
     * @param port the port, between 1 and 65535
     * @throws NullPointerException if {@code host} is null
     * @throws IllegalArgumentException if {@code port} is out of range or {@code host} is not a syntactically valid
     *         host
     */
    public LookupLocator(String host, int port) {
        if (host == null) {
            throw new NullPointerException("host is null");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        boolean valid;
        if (host.startsWith("[") && host.endsWith("]") && host.length() > 2) {
            valid = isIPv6Literal(host.substring(1, host.length() - 1));
        } else if (host.indexOf(':') >= 0) {
            valid = isIPv6Literal(host);
        } else {
            valid = isRegName(host);
        }
        if (!valid) {
            throw new IllegalArgumentException("invalid host: " + host);
        }
        this.host = host;
        this.port = port;
    }

    /**
     * Creates a locator for the given host and port whose unicast discovery connects through the given socket
     * factory (for example an {@link javax.net.ssl.SSLSocketFactory}).
     *
     * @param host the host name or address
     * @param port the port, between 1 and 65535
     * @param sf the socket factory, or null for plain sockets
     * @throws NullPointerException if {@code host} is null
     * @throws IllegalArgumentException if {@code port} is out of range or {@code host} is not a syntactically valid
     *         host
     */
    public LookupLocator(String host, int port, SocketFactory sf) {
        this(host, port);
        this.sf = sf;
    }

    /**
     * Returns the host, as given to the constructor.
     *
     * @return the host name or address
     */
    public String getHost() {
        return host;
    }

    /**
     * Returns the port.
     *
     * @return the port
     */
    public int getPort() {
        return port;
    }

    /**
     * Performs unicast discovery (protocol version 1) and returns the lookup service's proxy, waiting at most the
     * number of milliseconds in the system property {@code net.jini.discovery.timeout} (default 60 seconds).
     * Discovery is done anew on each call.
     *
     * @return the proxy of the lookup service
     * @throws IOException on a connection, protocol or timeout failure
     * @throws ClassNotFoundException if a class of the proxy cannot be loaded
     */
    public ServiceRegistrar getRegistrar() throws IOException, ClassNotFoundException {
        int timeout = DEFAULT_TIMEOUT;
        try {
            Integer value = Integer.getInteger(TIMEOUT_PROPERTY);
            if (value != null && value >= 0) {
                timeout = value;
            }
        } catch (SecurityException e) {
            // not allowed to read the property: keep the default
        }
        return getRegistrar(timeout);
    }

    /**
     * Performs unicast discovery (protocol version 1) and returns the lookup service's proxy, connecting through the
     * locator's socket factory if it has one. Each address the host resolves to is tried in turn until a connection is made; the timeout bounds each connection attempt and each
     * wait for response data. The request is the protocol version as an {@code int}; the response is a
     * {@link MarshalledObject} holding the proxy, then the number of member groups and that many UTF strings.
     *
     * @param timeout the timeout in milliseconds; 0 means wait indefinitely
     * @return the proxy of the lookup service
     * @throws IOException on a connection, protocol or timeout failure
     * @throws ClassNotFoundException if a class of the proxy cannot be loaded
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public ServiceRegistrar getRegistrar(int timeout) throws IOException, ClassNotFoundException {
        if (timeout < 0) {
            throw new IllegalArgumentException("negative timeout: " + timeout);
        }
        String name = unbracketed(host);
        if (name.indexOf(':') >= 0) {
            name = name.replace("%25", "%"); // URL-encoded zone identifier of an IPv6 literal
        }
        InetAddress[] addresses = InetAddress.getAllByName(name);
        IOException failure = null;
        for (InetAddress address : addresses) {
            Socket socket = sf == null ? new Socket() : sf.createSocket();
            try {
                socket.connect(new InetSocketAddress(address, port), timeout);
            } catch (IOException e) {
                closeQuietly(socket);
                failure = e;
                continue;
            }
            try {
                return unicastDiscovery(socket, timeout);
            } finally {
                closeQuietly(socket);
            }
        }
        throw failure != null ? failure : new IOException("no address for host " + host);
    }

    // Unicast discovery protocol version 1 over a connected socket.
    private static ServiceRegistrar unicastDiscovery(Socket socket, int timeout)
            throws IOException, ClassNotFoundException {
        socket.setSoTimeout(timeout);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
        out.writeInt(PROTOCOL_VERSION);
        out.flush();
        ObjectInputStream in = new ResponseInputStream(new BufferedInputStream(socket.getInputStream()));
        Object response = in.readObject();
        if (!(response instanceof MarshalledObject)) {
            throw new IOException("unicast discovery response does not start with a MarshalledObject");
        }
        int groupCount = in.readInt();
        if (groupCount < 0) {
            throw new IOException("negative group count in unicast discovery response: " + groupCount);
        }
        for (int i = 0; i < groupCount; i++) {
            in.readUTF();
        }
        Object registrar = ((MarshalledObject<?>) response).get();
        if (!(registrar instanceof ServiceRegistrar)) {
            throw new IOException("unicast discovery response does not hold a ServiceRegistrar: "
                    + (registrar == null ? "null" : registrar.getClass().getName()));
        }
        return (ServiceRegistrar) registrar;
    }

    /**
     * The stream of a unicast response. It resolves only the classes a {@link MarshalledObject} is made of (its
     * state is two byte arrays and an int), so nothing else is deserialized before the proxy is unmarshalled by
     * {@link MarshalledObject#get()}. A class check rather than a stream filter, because a marshalled object keeps
     * the filter of the stream it was read from and would apply it to the proxy too.
     */
    private static final class ResponseInputStream extends ObjectInputStream {
        ResponseInputStream(java.io.InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            String name = desc.getName();
            if (name.equals(MarshalledObject.class.getName())) {
                return MarshalledObject.class;
            }
            if (name.equals(byte[].class.getName())) {
                return byte[].class;
            }
            throw new InvalidClassException(name, "not allowed in a unicast discovery response");
        }

        @Override
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException {
            throw new InvalidClassException("dynamic proxy not allowed in a unicast discovery response");
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // nothing more to do with a socket we are abandoning
        }
    }

    /**
     * Returns the locator as a URL: {@code jini://host/} when the port is 4160, {@code jini://host:port/}
     * otherwise; an IPv6 literal host is bracketed. The result parses back to an equal locator.
     *
     * @return the URL form
     */
    @Override
    public String toString() {
        String h = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        return port == DISCOVERY_PORT ? "jini://" + h + "/" : "jini://" + h + ":" + port + "/";
    }

    /**
     * Equal when the other object is a locator with the same port and the same host ignoring case; the socket
     * factory takes no part.
     */
    @Override
    public boolean equals(Object obj) {
        if (obj == this) {
            return true;
        }
        if (!(obj instanceof LookupLocator)) {
            return false;
        }
        LookupLocator other = (LookupLocator) obj;
        return port == other.port && unbracketed(host).equalsIgnoreCase(unbracketed(other.host));
    }

    @Override
    public int hashCode() {
        return unbracketed(host).toLowerCase(Locale.ROOT).hashCode() * 31 + port;
    }

    // An IPv6 literal without its brackets, so that "[::1]" and "::1" name the same host; other hosts unchanged.
    private static String unbracketed(String h) {
        return h.length() > 2 && h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }

    /**
     * Reads the serial fields and refuses a missing host or an out-of-range port, which no constructor allows.
     *
     * @param in the stream
     * @throws IOException on a stream failure or an invalid state
     * @throws ClassNotFoundException if a class of a field cannot be loaded
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (host == null) {
            throw new InvalidObjectException("null host");
        }
        if (port < 1 || port > 65535) {
            throw new InvalidObjectException("port out of range: " + port);
        }
    }

    // RFC 3986 reg-name (also covers IPv4 addresses), non-empty: unreserved, sub-delims and percent-encoded octets.
    private static boolean isRegName(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isUnreserved(c) || "!$&'()*+,;=".indexOf(c) >= 0) {
                continue;
            }
            if (c == '%' && i + 2 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2))) {
                i += 2;
                continue;
            }
            return false;
        }
        return true;
    }

    // Unbracketed IPv6 address: hex digits, colons and dots (embedded IPv4), at least one colon, and an optional
    // zone identifier after '%' made of unreserved characters.
    private static boolean isIPv6Literal(String s) {
        int zone = s.indexOf('%');
        String address = zone < 0 ? s : s.substring(0, zone);
        if (address.indexOf(':') < 0) {
            return false;
        }
        for (int i = 0; i < address.length(); i++) {
            char c = address.charAt(i);
            if (!isHex(c) && c != ':' && c != '.') {
                return false;
            }
        }
        if (zone >= 0) {
            String id = s.substring(zone + 1);
            if (id.startsWith("25")) {
                id = id.substring(2);
            }
            if (id.isEmpty()) {
                return false;
            }
            for (int i = 0; i < id.length(); i++) {
                if (!isUnreserved(id.charAt(i))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean isUnreserved(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                || c == '_' || c == '~';
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
