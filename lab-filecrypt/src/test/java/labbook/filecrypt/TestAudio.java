package labbook.filecrypt;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** A WAV file of a tone (16-bit mono PCM), for an encoder to turn into real MP3 bytes. */
public final class TestAudio {
    private TestAudio() {}

    public static byte[] wav(int rate, int seconds) {
        int samples = rate * seconds;
        ByteBuffer b = ByteBuffer.allocate(44 + 2 * samples).order(ByteOrder.LITTLE_ENDIAN);
        b.put("RIFF".getBytes(StandardCharsets.US_ASCII))
                .putInt(36 + 2 * samples)
                .put("WAVE".getBytes(StandardCharsets.US_ASCII));
        b.put("fmt ".getBytes(StandardCharsets.US_ASCII))
                .putInt(16)
                .putShort((short) 1)
                .putShort((short) 1)
                .putInt(rate)
                .putInt(2 * rate)
                .putShort((short) 2)
                .putShort((short) 16);
        b.put("data".getBytes(StandardCharsets.US_ASCII)).putInt(2 * samples);
        for (int i = 0; i < samples; i++) {
            double t = (double) i / rate;
            b.putShort((short)
                    (8000 * Math.sin(2 * Math.PI * 440 * t) + 3000 * Math.sin(2 * Math.PI * 660 * t * (1 + t))));
        }
        return b.array();
    }
}
