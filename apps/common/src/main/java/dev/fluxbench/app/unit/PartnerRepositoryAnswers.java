package dev.fluxbench.app.unit;

import java.util.Optional;

import dev.fluxbench.contract.unit.UnitDto;

/** What an HTTP answer of the partner repository means, whichever client received it. */
final class PartnerRepositoryAnswers {

	private PartnerRepositoryAnswers() {
	}

	/**
	 * The unit in the answer, or empty when the repository has none. A fault is read as a
	 * fault whatever its status (SOAP 1.1 sends it with a 500); any other 4xx or 5xx, or
	 * a body that is not a GetUnit response, is a failure of the repository.
	 */
	static Optional<UnitDto> read(int status, byte[] body) {
		try {
			Optional<UnitDto> unit = UnitSoapCodec.parse(body);
			if (status >= 400) {
				throw PartnerRepositoryException.answered(status);
			}
			return unit;
		}
		catch (UnitSoapException ex) {
			if (ex.isFault()) {
				throw PartnerRepositoryException.fault(ex);
			}
			if (status >= 400) {
				throw PartnerRepositoryException.answered(status);
			}
			throw PartnerRepositoryException.unreadable(ex);
		}
	}

}
