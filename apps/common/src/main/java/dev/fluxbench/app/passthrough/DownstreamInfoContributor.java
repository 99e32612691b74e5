package dev.fluxbench.app.passthrough;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/** The downstream client's limits under {@code downstream} in /actuator/info. */
@Component
class DownstreamInfoContributor implements InfoContributor {

	private final DownstreamProperties properties;

	DownstreamInfoContributor(DownstreamProperties properties) {
		this.properties = properties;
	}

	@Override
	public void contribute(Info.Builder builder) {
		builder.withDetail("downstream", this.properties.downstream());
	}

}
