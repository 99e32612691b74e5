package dev.fluxbench.app.ingestion;

import java.net.URI;

/** The file server answered, but not with the file. */
class DownloadException extends RuntimeException {

	DownloadException(URI url, int status) {
		super("Downloading " + url + " failed: the file server answered " + status + ".");
	}

}
