package dev.fluxbench.app.unit;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * The partner repository client's limits under {@code partnerRepository} in
 * /actuator/info.
 */
@Component
class PartnerRepositoryInfoContributor implements InfoContributor {

	private final PartnerRepositoryProperties properties;

	PartnerRepositoryInfoContributor(PartnerRepositoryProperties properties) {
		this.properties = properties;
	}

	@Override
	public void contribute(Info.Builder builder) {
		builder.withDetail("partnerRepository", this.properties.partnerRepository());
	}

}
