package org.estuary.webconsole.internal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Protection of the pages' state-changing forms against cross-site request forgery. Felix Web
 * Console 4.8.12, as Karaf 4.4.10 ships it, has no token mechanism of its own, so the plugins carry one: each form
 * holds a token that is an HMAC of the authenticated user and the page under a secret drawn when the component
 * activates, which another site cannot read or compute; a POST without the right token, or from another origin,
 * is refused. Actions are POST only.
 */
final class Csrf {

    static final String PARAMETER = "estuary-csrf";

    private final byte[] secret = new byte[32];

    Csrf() {
        new SecureRandom().nextBytes(secret);
    }

    /** The token for {@code user} on {@code page}. */
    String token(String user, String page) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            byte[] digest = mac.doFinal((String.valueOf(user) + "\n" + page).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", impossible);
        }
    }

    /** Whether {@code presented} is the token for {@code user} on {@code page} (compared in constant time). */
    boolean valid(String presented, String user, String page) {
        if (presented == null) {
            return false;
        }
        return MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8),
                token(user, page).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Whether the request's Origin (or, without one, its Referer) names the host it was sent to; a request with
     * neither header (an old client, a script) is judged by the token alone.
     */
    static boolean sameOrigin(String origin, String referer, String host) {
        String claimed = origin != null ? origin : referer;
        if (claimed == null) {
            return true;
        }
        if (host == null || "null".equals(claimed)) {
            return false;
        }
        String rest = claimed.replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*://", "");
        int end = rest.indexOf('/');
        String authority = end < 0 ? rest : rest.substring(0, end);
        return authority.equalsIgnoreCase(host);
    }
}
