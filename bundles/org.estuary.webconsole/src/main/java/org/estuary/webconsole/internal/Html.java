package org.estuary.webconsole.internal;

/** Escaping for the pages: every cell and every text not written by this bundle goes through {@link #text}. */
final class Html {

    /** The web console menu category of every Estuary page. */
    static final String CATEGORY = "Estuary";

    private Html() {
    }

    /** Text for element content and quoted attribute values: the five HTML-special characters escaped. */
    static String text(String raw) {
        if (raw == null) {
            return "-";
        }
        StringBuilder out = new StringBuilder(raw.length() + 16);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(Character.isISOControl(c) ? '\uFFFD' : c);
            }
        }
        return out.toString();
    }
}
