cluster_name       = "fernhill-prod"
vpc_id             = "vpc-0a1b2c3d4e5f60718"
private_subnet_ids = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88", "subnet-0cc99dd00ee11ff22"]
