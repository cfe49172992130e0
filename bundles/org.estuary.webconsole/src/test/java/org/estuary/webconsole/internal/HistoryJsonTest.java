package org.estuary.webconsole.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Names in the history's JSON cannot end the string or the page's script. */
class HistoryJsonTest {

    @Test
    void stringsAreEscaped() {
        assertEquals("\"a\\\"b\\\\c\\u003c/script\\u003e\\u000a\"", HistoryJson.string("a\"b\\c</script>\n"));
    }
}
