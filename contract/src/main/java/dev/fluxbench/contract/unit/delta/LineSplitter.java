package dev.fluxbench.contract.unit.delta;

import java.io.IOException;
import java.io.Reader;

/**
 * Cuts a stream of characters into lines, holding one line at a time. Unlike
 * {@link java.io.BufferedReader#readLine()} it says whether a line ended with a line
 * break, which is how a reader tells a truncated last line from a complete one, and it
 * stops collecting a line at {@link DeltaFormat#MAX_LINE_LENGTH} so that a file without
 * line breaks cannot fill the heap.
 */
final class LineSplitter {

	private final Reader in;

	private final char[] buffer = new char[16 * 1024];

	private final StringBuilder line = new StringBuilder(512);

	private int position;

	private int limit;

	private boolean terminated;

	private boolean tooLong;

	LineSplitter(Reader in) {
		this.in = in;
	}

	/**
	 * The next line without its line break ({@code \n}, or {@code \r\n}), or {@code null}
	 * at the end of the input. A line that is too long comes back empty, with
	 * {@link #tooLong()} set.
	 */
	String next() throws IOException {
		this.line.setLength(0);
		this.tooLong = false;
		long seen = 0;
		while (true) {
			if (this.position == this.limit && !fill()) {
				if (seen == 0) {
					return null;
				}
				this.terminated = false;
				return finish();
			}
			int start = this.position;
			while (this.position < this.limit && this.buffer[this.position] != '\n') {
				this.position++;
			}
			int length = this.position - start;
			seen += length;
			if (!this.tooLong) {
				if (this.line.length() + length > DeltaFormat.MAX_LINE_LENGTH + 1) {
					// One more than the limit is allowed for the \r of a \r\n break.
					this.tooLong = true;
					this.line.setLength(0);
				}
				else {
					this.line.append(this.buffer, start, length);
				}
			}
			if (this.position < this.limit) {
				this.position++;
				this.terminated = true;
				return finish();
			}
		}
	}

	/**
	 * Whether the last line returned ended with a line break; only a file's last line may
	 * not.
	 */
	boolean terminated() {
		return this.terminated;
	}

	/**
	 * Whether the last line returned was longer than {@link DeltaFormat#MAX_LINE_LENGTH}.
	 */
	boolean tooLong() {
		return this.tooLong;
	}

	private String finish() {
		int length = this.line.length();
		if (length > 0 && this.line.charAt(length - 1) == '\r') {
			this.line.setLength(length - 1);
		}
		if (this.line.length() > DeltaFormat.MAX_LINE_LENGTH) {
			this.tooLong = true;
			this.line.setLength(0);
		}
		return this.line.toString();
	}

	private boolean fill() throws IOException {
		int read;
		do {
			read = this.in.read(this.buffer, 0, this.buffer.length);
		}
		while (read == 0);
		this.position = 0;
		this.limit = Math.max(read, 0);
		return read > 0;
	}

}
